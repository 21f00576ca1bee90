package server_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserPlayLogic checks play.js's game against the definitions, in
// the page's own browser: random inputs undone one by one come back to
// the empty game and redone to the same game; the clashes are exactly the
// cells whose value another cell of a house holds (counted here by brute
// force over rows, columns and boxes).
func TestBrowserPlayLogic(t *testing.T) {
	ctx, _ := openScreen(t, screens[0], "/")
	rng := rand.New(rand.NewPCG(25, 1))
	for round := range 20 {
		var inputs [][]any
		modes := []string{"digit", "corner", "centre", "colour"}
		for range 30 {
			cells := []int{rng.IntN(81)}
			if rng.IntN(3) == 0 {
				cells = append(cells, rng.IntN(81))
			}
			inputs = append(inputs, []any{cells, modes[rng.IntN(4)], rng.IntN(10)})
		}
		var got struct {
			Same, Back, Again bool
			Changes           int
		}
		evalWith(ctx, t, `((inputs) => {
			const givens = new Array(81).fill(0); givens[40] = 5;
			const g = SudokuPlay.create(81), states = [JSON.stringify(g)];
			let changes = 0;
			for (const [cells, mode, v] of inputs) if (SudokuPlay.enter(g, cells, givens, mode, v)) changes++;
			const end = JSON.stringify([g.digits, g.corner, g.centre, g.colours]);
			while (SudokuPlay.undo(g));
			const back = JSON.stringify([g.digits, g.corner, g.centre, g.colours]) === JSON.stringify([SudokuPlay.create(81).digits, SudokuPlay.create(81).corner, SudokuPlay.create(81).centre, SudokuPlay.create(81).colours]);
			while (SudokuPlay.redo(g));
			return { Same: g.digits[40] === 0, Back: back, Again: JSON.stringify([g.digits, g.corner, g.centre, g.colours]) === end, Changes: changes };
		})`, inputs, &got)
		assert.True(t, got.Same, "round %d: a given cell takes no input", round)
		assert.True(t, got.Back, "round %d: undoing every change gives the empty game", round)
		assert.True(t, got.Again, "round %d: redoing them gives the same game", round)
		assert.Positive(t, got.Changes)

		// Clashes of a random partial grid, against brute force.
		values := make([]int, 81)
		for i := range values {
			if rng.IntN(3) == 0 {
				values[i] = 1 + rng.IntN(9)
			}
		}
		var clashes []int
		evalWith(ctx, t, `((values) => {
			const regions = values.map((_, i) => Math.floor(Math.floor(i / 9) / 3) * 3 + Math.floor(i % 9 / 3));
			return [...SudokuPlay.conflicts(values, SudokuPlay.houses(9, regions, {}, null))].sort((a, b) => a - b);
		})`, values, &clashes)
		assert.Equal(t, bruteClashes(values), clashes, "round %d", round)
	}
}

// bruteClashes returns the cells of a 9x9 grid whose value another cell
// of their row, column or box holds.
func bruteClashes(values []int) []int {
	out := []int{}
	for i, v := range values {
		if v == 0 {
			continue
		}
		for j, w := range values {
			if i == j || w != v {
				continue
			}
			ri, ci, rj, cj := i/9, i%9, j/9, j%9
			if ri == rj || ci == cj || (ri/3 == rj/3 && ci/3 == cj/3) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// TestBrowserEditLogic: editor.js's geometry, in a table: the pair of
// cells a click between them picks, the little killer clue a click
// outside the grid places, the path a drag makes (jumps filled in, a step
// back taken off), and the page's URL read back (the puzzle last, even
// unencoded, with the page's own parameters before or after it).
func TestBrowserEditLogic(t *testing.T) {
	ctx, _ := openScreen(t, screens[0], "/")
	pairs := []struct {
		x, y float64
		want []int
	}{
		{1.02, 0.5, []int{0, 1}},
		{0.98, 0.5, []int{0, 1}},
		{0.5, 1.05, []int{0, 9}},
		{0.5, 0.5, nil},  // the middle of a cell
		{0.05, 0.5, nil}, // the grid's edge
		{8.5, 8.9, nil},  // the bottom edge
		{4.5, 3.9, []int{31, 40}},
	}
	for _, c := range pairs {
		var got []int
		evalWith(ctx, t, `((a) => SudokuEdit.pairAt(a[0], a[1], 9))`, []float64{c.x, c.y}, &got)
		assert.Equal(t, c.want, got, "pairAt(%g, %g)", c.x, c.y)
	}
	outside := []struct {
		x, y float64
		want map[string]any
	}{
		{2.75, -0.5, map[string]any{"cell": "R0C3", "direction": "DR"}},
		{2.25, -0.5, map[string]any{"cell": "R0C3", "direction": "DL"}},
		{-0.5, 4.75, map[string]any{"cell": "R5C0", "direction": "DR"}},
		{9.5, 4.25, map[string]any{"cell": "R5C10", "direction": "UL"}},
		{4.25, 9.5, map[string]any{"cell": "R10C5", "direction": "UL"}},
		{0.25, -0.5, nil}, // down-left from above r1c1 leaves the grid at once
		{-0.5, -0.5, nil}, // the corner
		{4.5, 4.5, nil},   // inside
	}
	for _, c := range outside {
		var got map[string]any
		evalWith(ctx, t, `((a) => SudokuEdit.outsideAt(a[0], a[1], 9))`, []float64{c.x, c.y}, &got)
		assert.Equal(t, c.want, got, "outsideAt(%g, %g)", c.x, c.y)
	}
	paths := []struct {
		path []int
		cell int
		want []int
	}{
		{[]int{}, 5, []int{5}},
		{[]int{0}, 1, []int{0, 1}},
		{[]int{0}, 3, []int{0, 1, 2, 3}},    // a jump along the row
		{[]int{0}, 20, []int{0, 10, 20}},    // a jump down the diagonal
		{[]int{0, 1, 2}, 1, []int{0, 1}},    // back over the last cell
		{[]int{0, 1, 2}, 2, []int{0, 1, 2}}, // the same cell
	}
	for _, c := range paths {
		var got []int
		evalWith(ctx, t, `((a) => SudokuEdit.extend(a.path, a.cell, 9))`, map[string]any{"path": c.path, "cell": c.cell}, &got)
		assert.Equal(t, c.want, got, "extend(%v, %d)", c.path, c.cell)
	}
	urls := []struct {
		search string
		want   map[string]any
	}{
		{"?puzzle=1.3", map[string]any{"puzzle": "1.3", "mode": "", "rules": []any{}, "shape": ""}},
		{"?mode=play&rules=diagonal%2Cantiknight&puzzle=https%3A%2F%2Fx%2F%3Fa%3D1%26b%3D2", map[string]any{"puzzle": "https://x/?a=1&b=2", "mode": "play", "rules": []any{"diagonal", "antiknight"}, "shape": ""}},
		{"?puzzle=https://x/?a=1&b=2+3&mode=set", map[string]any{"puzzle": "https://x/?a=1&b=2+3", "mode": "set", "rules": []any{}, "shape": ""}},
		{"?shape=2x3&puzzle=%E0%A4", map[string]any{"puzzle": "%E0%A4", "mode": "", "rules": []any{}, "shape": "2x3"}},
		{"", map[string]any{"puzzle": "", "mode": "", "rules": []any{}, "shape": ""}},
	}
	for _, c := range urls {
		var got map[string]any
		evalWith(ctx, t, `((s) => { history.replaceState(null, "", location.pathname + s); return fromURL(); })`, c.search, &got)
		assert.Equal(t, c.want, got, c.search)
	}
}

// evalWith calls the JavaScript function fn with arg (as JSON) and reads
// its answer into out.
func evalWith(ctx context.Context, t *testing.T, fn string, arg, out any) {
	t.Helper()
	js, err := jsonString(arg)
	require.NoError(t, err)
	eval(ctx, t, fn+"("+js+")", out)
}

func jsonString(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}
