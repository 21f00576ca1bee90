package generate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/variants"
)

func TestSetVariants(t *testing.T) {
	for _, tc := range []struct {
		list    string
		jigsaw  bool
		killer  bool
		clues   ClueKind
		globals []string
		err     string
	}{
		{list: ""},
		{list: "diagonal, antiknight", globals: []string{"diagonal", "antiknight"}},
		{list: "Jigsaw,diagonal", jigsaw: true, globals: []string{"diagonal"}},
		{list: "killer", killer: true},
		{list: "arrow,antiking", clues: Arrows, globals: []string{"antiking"}},
		{list: "littlekiller", clues: LittleKillers},
		{list: "THERMO", clues: Thermos},
		{list: "arrow,thermo", err: "one kind of clue at a time"},
		{list: "jigsaw,jigsaw", err: "jigsaw named twice"},
		{list: "diagonal,diagonal", err: "named twice"},
		{list: "nosuchrule", err: `unknown variant "nosuchrule"`},
	} {
		t.Run(tc.list, func(t *testing.T) {
			var o Options
			err := o.SetVariants(tc.list)
			if tc.err != "" {
				require.ErrorIs(t, err, ErrOptions)
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.jigsaw, o.Jigsaw)
			assert.Equal(t, tc.killer, o.Killer)
			assert.Equal(t, tc.clues, o.Clues)
			var names []string
			for _, v := range o.Variants {
				names = append(names, v.Name())
			}
			assert.Equal(t, tc.globals, names)
		})
	}
}

func TestOwnRules(t *testing.T) {
	diagonal, err := variants.Lookup("diagonal")
	require.NoError(t, err)
	assert.False(t, Puzzle{}.OwnRules())
	assert.False(t, Puzzle{Variants: []rules.Variant{diagonal}}.OwnRules())
	assert.True(t, Puzzle{Variants: []rules.Variant{diagonal, variants.Killer{}}}.OwnRules())
	assert.True(t, Puzzle{Variants: []rules.Variant{variants.Arrow{}}}.OwnRules())
}
