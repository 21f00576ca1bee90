//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// closedAtStart reports whether f (a standard stream) was closed when the
// program started. The Go runtime opens /dev/null read-write in place of a
// closed standard descriptor, so writes to it would vanish without an
// error; a shell redirection to /dev/null opens it for writing only (the
// rare "1<>/dev/null" is taken for a closed stdout too).
func closedAtStart(f *os.File) bool {
	fd := int(f.Fd())
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil {
		return true
	}
	if fl&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	var st, null unix.Stat_t
	if unix.Fstat(fd, &st) != nil || unix.Stat(os.DevNull, &null) != nil {
		return false
	}
	return st.Mode&unix.S_IFMT == unix.S_IFCHR && st.Rdev == null.Rdev
}
