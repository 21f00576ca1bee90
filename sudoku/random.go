package sudoku

import "math/rand/v2"

// RandomLine walks king steps from a random cell of an n x n grid without
// revisiting a cell, for up to length cells; it starts over until the line
// has at least 2 cells. Tests and fuzz makers draw lines with it.
func RandomLine(rng *rand.Rand, n, length int) []Cell {
	for {
		line := []Cell{{Row: rng.IntN(n), Col: rng.IntN(n)}}
		used := map[Cell]bool{line[0]: true}
		for len(line) < length {
			last := line[len(line)-1]
			var next []Cell
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					c := Cell{Row: last.Row + dr, Col: last.Col + dc}
					if c.Row >= 0 && c.Row < n && c.Col >= 0 && c.Col < n && !used[c] {
						next = append(next, c)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			c := next[rng.IntN(len(next))]
			used[c] = true
			line = append(line, c)
		}
		if len(line) >= 2 {
			return line
		}
	}
}

// RandomPairs returns k distinct pairs of orthogonally adjacent cells of an
// n x n grid, none of them (in either order) in skip, and adds them to
// skip. Tests and fuzz makers draw dots with it.
func RandomPairs(rng *rand.Rand, n, k int, skip map[[2]Cell]bool) [][2]Cell {
	var out [][2]Cell
	for len(out) < k {
		p := Cell{Row: rng.IntN(n), Col: rng.IntN(n)}
		q := p
		if rng.IntN(2) == 0 {
			q.Col++
		} else {
			q.Row++
		}
		if q.Row >= n || q.Col >= n || skip[[2]Cell{p, q}] {
			continue
		}
		skip[[2]Cell{p, q}], skip[[2]Cell{q, p}] = true, true
		out = append(out, [2]Cell{p, q})
	}
	return out
}
