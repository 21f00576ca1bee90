package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConvertNativeFormats: killer lines convert to SudokuPad's own links
// and to both killer lines, each of which solves to the published
// solution; puzzles whose rules those formats cannot carry are refused by
// name.
func TestConvertNativeFormats(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "killers", "killers.txt"))
	require.NoError(t, err)
	var killers, solutions []string
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Split(l, " | "); len(f) == 3 && strings.HasPrefix(f[0], "tarek-hard-0") && len(killers) < 2 {
			killers, solutions = append(killers, f[2]), append(solutions, f[1])
		}
	}
	require.Len(t, killers, 2)
	in := writeFile(t, "k.txt", strings.Join(killers, "\n")+"\n")
	want := strings.Join(solutions, "\n") + "\n"
	for _, to := range []string{"sudokupad-scl", "killer", "killer-long"} {
		t.Run(to, func(t *testing.T) {
			r := run(t, "", "convert", "--to", to, in)
			require.Equal(t, 0, r.code, r.stderr)
			lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
			require.Len(t, lines, 2)
			if to == "sudokupad-scl" {
				assert.True(t, strings.HasPrefix(lines[0], "https://sudokupad.app/scl"))
			}
			s := run(t, "", "solve", writeFile(t, to+".txt", r.stdout))
			assert.Equal(t, want, s.stdout, s.stderr)
		})
	}
	arrow := filepath.Join("..", "..", "testdata", "arrow.json")
	r := run(t, "", "convert", "--to", "sudokupad-scl", arrow)
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, "error\n", r.stdout)
	assert.Contains(t, r.stderr, "[arrow]")
	r = run(t, "", "convert", "--to", "killer", "--variant", "antiknight", killers[0])
	assert.Equal(t, "error\n", r.stdout)
	assert.Contains(t, r.stderr, `"antiknight"`)
}
