package solvertest

import "testing"

// TestNaryExtrasConstrain: every n-ary case leaves solutions and removes
// some, so a solver that ignored the rule, or refused everything, fails.
func TestNaryExtrasConstrain(t *testing.T) {
	plain, err := latin(2, 2).Build()
	if err != nil {
		t.Fatal(err)
	}
	all := Count(plain, 0)
	for _, x := range naryExtras {
		m := naryLatin(t, x.name, x.add)
		if got := Count(m, 0); got == 0 || got >= all {
			t.Errorf("%s: %d solutions of %d: the rule should keep some and remove some", x.name, got, all)
		}
	}
}
