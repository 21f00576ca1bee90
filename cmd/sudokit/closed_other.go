//go:build !unix

package main

import "os"

// closedAtStart reports whether f was closed when the program started; it
// cannot tell on this system.
func closedAtStart(*os.File) bool { return false }

// watchClosed would call halt once nothing reads f; on this system the
// run notices at its next write instead.
func watchClosed(*os.File, func()) {}
