package solvertest

import (
	"testing"

	"github.com/sudokit/sudokit/model"
)

// TestKillerTranscription: each published solution passes the referee on
// the transcribed model, and the cages cover the cells the sources say.
func TestKillerTranscription(t *testing.T) {
	want := map[string]int{"tarek-hard-1": 81, "hs-zero-3": 59}
	for _, k := range Killers() {
		m := k.Model(t, false)
		if err := model.Check(m, k.Published(m)); err != nil {
			t.Errorf("%s: %v", k.Name, err)
		}
		caged := 0
		for _, c := range k.cage {
			if c >= 0 {
				caged++
			}
		}
		if caged != want[k.Name] {
			t.Errorf("%s: %d cells caged, want %d", k.Name, caged, want[k.Name])
		}
	}
}
