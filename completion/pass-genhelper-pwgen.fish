# fish completion for pass-genhelper's pwgen command line
# ($(libexecdir)/pass-genhelper/pwgen, pass-genhelper-pwgen(1)).
#
# Install in fish's vendor_conf.d (read at start-up): fish would load a
# completions file named pwgen.fish for every command named pwgen, Debian's
# /usr/bin/pwgen included, so these are tied to this command's path.

set -l pwgen_compat '*/pass-genhelper/pwgen'
complete -p $pwgen_compat -s c -l capitalize -d 'Capital letters, at least one'
complete -p $pwgen_compat -s A -l no-capitalize -d 'No capital letters'
complete -p $pwgen_compat -s n -l numerals -d 'Digits, at least one'
complete -p $pwgen_compat -s 0 -l no-numerals -d 'No digits'
complete -p $pwgen_compat -s y -l symbols -d 'Symbols too, at least one'
complete -p $pwgen_compat -s B -l ambiguous -d 'Leave out look-alikes'
complete -p $pwgen_compat -s v -l no-vowels -d 'Leave out vowels, 0 and 1'
complete -p $pwgen_compat -s r -l remove-chars -x -d 'Leave out these characters'
complete -p $pwgen_compat -s s -l secure -d 'Uniformly random (always)'
complete -p $pwgen_compat -s a -l alt-phonics -d 'Ignored'
complete -p $pwgen_compat -s N -l num-passwords -x -d 'Number of passwords'
complete -p $pwgen_compat -s 1 -d 'One password a line'
complete -p $pwgen_compat -s C -d 'In columns'
complete -p $pwgen_compat -s h -l help -d 'Show the help'
