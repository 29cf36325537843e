/*
 * seccomp_exec.c - run a program whose getrandom(2) system call fails with a
 * chosen errno, the way a container's seccomp profile or an old kernel makes
 * it fail.  For tests/fault-getrandom.bats and fault-randomness.bats.
 *
 * Build:  cc -O2 -o seccomp_exec seccomp_exec.c
 * Usage:  seccomp_exec ERRNO -- PROGRAM [ARG]...
 *         seccomp_exec --check ERRNO
 *
 * ERRNO is a name (ENOSYS, EPERM, EIO, EINTR, EACCES, EAGAIN, EFAULT,
 * EINVAL) or a number from 1 to 4095.  The first form installs the filter
 * and execs PROGRAM (searched in PATH); the filter stays across execve(2)
 * and applies to every thread and child of PROGRAM.  The second form installs
 * the filter in this process and checks that a raw getrandom system call now
 * fails with ERRNO: a test runs it first to skip where seccomp is unusable.
 *
 * Unlike an LD_PRELOAD shim, this works whatever way the program reaches the
 * kernel (glibc's getrandom(), syscall(SYS_getrandom), a static build), and
 * unlike strace it needs no ptrace permission.
 *
 * The filter is plain classic BPF (no libseccomp): check the architecture
 * the call was made with, then the system call number.  A call from another
 * architecture (an i386 binary on x86_64, say) is allowed untouched, so the
 * filter never misreads a number; on x86_64 the x32 number of getrandom is
 * matched as well.  Everything but getrandom is allowed.
 *
 * Exit status: PROGRAM's; 125 for a usage error, an unsupported
 * architecture or a failure to install the filter; 126/127 when PROGRAM
 * cannot be executed / found.  --check: 0 when the filter works, else 1.
 */
#define _GNU_SOURCE

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__) && !defined(__ILP32__)
#define FILTER_ARCH AUDIT_ARCH_X86_64
#define X32_SYSCALL_BIT 0x40000000u
#elif defined(__i386__)
#define FILTER_ARCH AUDIT_ARCH_I386
#elif defined(__aarch64__) && !defined(__AARCH64EB__)
#define FILTER_ARCH AUDIT_ARCH_AARCH64
#endif

#define USAGE "usage: seccomp_exec ERRNO -- PROGRAM [ARG]...\n" \
	      "       seccomp_exec --check ERRNO\n"

static int parse_errno(const char *text)
{
	static const struct { const char *name; int value; } names[] = {
		{ "ENOSYS", ENOSYS }, { "EPERM", EPERM }, { "EIO", EIO },
		{ "EINTR", EINTR }, { "EACCES", EACCES }, { "EAGAIN", EAGAIN },
		{ "EFAULT", EFAULT }, { "EINVAL", EINVAL },
	};
	char *end;
	long value;

	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(text, names[i].name) == 0)
			return names[i].value;
	errno = 0;
	value = strtol(text, &end, 10);
	/* SECCOMP_RET_DATA holds 16 bits; the kernel caps errno at 4095. */
	if (errno || end == text || *end || value < 1 || value > 4095)
		return -1;
	return (int)value;
}

static int install_filter(int error)
{
#if defined(FILTER_ARCH) && defined(__NR_getrandom)
	struct sock_filter code[] = {
		/* [0] A = arch; a foreign architecture: allow. */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, FILTER_ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		/* [3] A = system call number. */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#ifdef X32_SYSCALL_BIT
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getrandom, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, X32_SYSCALL_BIT | __NR_getrandom, 1, 0),
#else
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getrandom, 1, 0),
#endif
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		/* getrandom: fail with the errno, without calling the kernel. */
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((unsigned)error & SECCOMP_RET_DATA)),
	};
	struct sock_fprog program = {
		.len = (unsigned short)(sizeof code / sizeof *code),
		.filter = code,
	};

	/* Without CAP_SYS_ADMIN a filter needs no_new_privs (which exec keeps). */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
		fprintf(stderr, "seccomp_exec: prctl(PR_SET_NO_NEW_PRIVS): %s\n", strerror(errno));
		return -1;
	}
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) {
		fprintf(stderr, "seccomp_exec: prctl(PR_SET_SECCOMP): %s\n", strerror(errno));
		return -1;
	}
	return 0;
#else
	(void)error;
	fputs("seccomp_exec: unsupported architecture (x86_64, i386 and aarch64 only)\n", stderr);
	return -1;
#endif
}

static int check(int error)
{
#ifdef __NR_getrandom
	unsigned char byte;
	long got;

	if (install_filter(error) != 0)
		return 125;
	errno = 0;
	got = syscall(__NR_getrandom, &byte, 1, 0);
	if (got == -1 && errno == error) {
		printf("seccomp_exec: getrandom fails with errno %d as asked\n", error);
		return 0;
	}
	fprintf(stderr, "seccomp_exec: getrandom returned %ld (errno %d), expected errno %d\n",
		got, errno, error);
	return 1;
#else
	(void)error;
	fputs("seccomp_exec: no getrandom system call on this system\n", stderr);
	return 125;
#endif
}

int main(int argc, char **argv)
{
	int error;

	if (argc == 3 && strcmp(argv[1], "--check") == 0) {
		if ((error = parse_errno(argv[2])) < 0) {
			fprintf(stderr, "seccomp_exec: bad errno '%s'\n" USAGE, argv[2]);
			return 125;
		}
		return check(error);
	}
	if (argc < 4 || strcmp(argv[2], "--") != 0) {
		fputs(USAGE, stderr);
		return 125;
	}
	if ((error = parse_errno(argv[1])) < 0) {
		fprintf(stderr, "seccomp_exec: bad errno '%s'\n" USAGE, argv[1]);
		return 125;
	}
	if (install_filter(error) != 0)
		return 125;
	execvp(argv[3], argv + 3);
	fprintf(stderr, "seccomp_exec: cannot run %s: %s\n", argv[3], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
