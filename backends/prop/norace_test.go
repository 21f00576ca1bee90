//go:build !race

package prop_test

const raceEnabled = false
