package variants_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/variants"
)

func TestFamilyNamed(t *testing.T) {
	named := map[string]bool{}
	for _, f := range variants.Families() {
		named[f.Name] = f.Named()
	}
	for _, name := range []string{"diagonal", "antiknight", "antiking", "nonconsecutive", "disjoint"} {
		require.Contains(t, named, name)
		assert.True(t, named[name], name)
	}
	for _, name := range []string{"jigsaw", "regions", "killer", "thermo", "kropki"} {
		require.Contains(t, named, name)
		assert.False(t, named[name], "%s comes with puzzles", name)
	}
	assert.False(t, variants.Family{Name: "x", Entries: []variants.Entry{{Name: "y"}}}.Named())
	assert.True(t, variants.Family{Name: "y", Entries: []variants.Entry{{Name: "y"}}}.Named())
}
