/* cold.h - where the large embedded tables go */
#ifndef PASS_GENHELPER_COLD_H
#define PASS_GENHELPER_COLD_H

/*
 * The generated tables (the Unicode properties, the site rules, the word
 * list: 200 KiB) go after all other read-only data, in ELF's .rodata1
 * section, which linkers place after .rodata.  Left in .rodata they sit
 * wherever the archive's members happen to be extracted, between the few
 * KiB that every call reads, which then span three 64 KiB windows of the
 * kernel's fault-around instead of one: two page faults a call
 * (bench/ counts them).  Elsewhere (Mach-O) the linker decides.
 */
#if defined(__ELF__)
#define COLD_TABLE __attribute__((section(".rodata1")))
#else
#define COLD_TABLE
#endif

#endif
