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
		b := latin(2, 2)
		x.add(b)
		m, err := b.Build()
		if err != nil {
			t.Fatalf("%s: %v", x.name, err)
		}
		if got := Count(m, 0); got == 0 || got >= all {
			t.Errorf("%s: %d solutions of %d: the rule should keep some and remove some", x.name, got, all)
		}
	}
}
