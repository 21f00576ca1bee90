package generate_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/sudoku"
)

func TestSetDifficulty(t *testing.T) {
	tests := []struct {
		spec, level           string
		accept, within, steer bool
		err                   string
	}{
		{spec: "easy", level: "easy", accept: true, within: true, steer: true},
		{spec: "intermediate", level: "intermediate", accept: true, within: true},
		{spec: "expert", level: "expert", accept: true, within: true},
		{spec: "expert+", level: "expert+", accept: true},
		{spec: "extreme", level: "extreme", accept: true},
		{spec: "master", level: "master", accept: true},
		{spec: "master+", level: "master+", accept: true},
		{spec: "search", level: "search", accept: true},
		{spec: "simple+", level: ""},
		{spec: "hard", err: "hard"},
		{spec: "+", err: "level"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			var o generate.Options
			err := o.SetDifficulty(tt.spec)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.level, o.Level)
			assert.Equal(t, tt.accept, o.Accept != nil, "Accept")
			assert.Equal(t, tt.within, o.Within != nil, "Within")
			assert.Equal(t, tt.steer, o.Steer, "Steer")
		})
	}
}

// TestKillerDifficulty: a killer generated at a level grades at that
// level, as sudokit grade puts it.
func TestKillerDifficulty(t *testing.T) {
	for _, tc := range []struct {
		spec string
		want logic.Level
	}{{"easy", logic.Easy}, {"intermediate", logic.Intermediate}} {
		t.Run(tc.spec, func(t *testing.T) {
			opts := generate.Options{Shape: sudoku.Shape{BoxRows: 3, BoxCols: 3}, Killer: true, Solver: auto.New(), Seed: 3, Attempts: 50}
			require.NoError(t, opts.SetDifficulty(tc.spec))
			g, err := generate.New(opts)
			require.NoError(t, err)
			var got []generate.Puzzle
			require.NoError(t, g.Generate(context.Background(), 0, 2, 1, func(p generate.Puzzle) error {
				got = append(got, p)
				return nil
			}))
			require.Len(t, got, 2)
			for _, p := range got {
				path, err := logic.Explain(context.Background(), p.Model, logic.Options{Solver: auto.New()})
				require.NoError(t, err)
				assert.Equal(t, tc.want, path.Level)
				assert.Zero(t, path.Guesses)
				assert.Zero(t, p.Givens, "a killer has no givens")
			}
		})
	}
}

// TestSearchNeedsSums: a classic run may not ask for search, which nothing
// drawn at random reaches; a killer may.
func TestSearchNeedsSums(t *testing.T) {
	o := generate.Options{Shape: sudoku.Shape{BoxRows: 3, BoxCols: 3}, Solver: prop.New()}
	require.NoError(t, o.SetDifficulty("search"))
	_, err := generate.New(o)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ask for master")
	o.Killer = true
	_, err = generate.New(o)
	assert.NoError(t, err)
}
