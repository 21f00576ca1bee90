//go:build !race

package solvertest

const raceEnabled = false
