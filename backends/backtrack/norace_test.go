//go:build !race

package backtrack_test

const raceEnabled = false
