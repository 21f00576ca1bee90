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

// watchClosed calls halt once nothing reads f any more, when f is a pipe
// whose reading end gets closed (the reader exited, as head does in
// "sudokit count … | head -1"), so that the run stops then instead of at
// its next write, which a long search could put off indefinitely.
func watchClosed(f *os.File, halt func()) {
	fd := int(f.Fd())
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return
	}
	go func() {
		for {
			// No events asked for: poll wakes only on an error or a
			// hang-up, which a pipe without readers reports.
			p := []unix.PollFd{{Fd: int32(fd)}}
			_, err := unix.Poll(p, -1)
			if err == unix.EINTR {
				continue
			}
			if err == nil && p[0].Revents&(unix.POLLERR|unix.POLLHUP) != 0 {
				halt()
			}
			return
		}
	}()
}
