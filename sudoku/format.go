package sudoku

// Line returns the grid in line format: N*N symbols of its alphabet, '.' for
// blanks.
func (g Grid) Line() string {
	b := make([]byte, len(g.Cells))
	for i, v := range g.Cells {
		b[i] = g.Alphabet.Symbol(v)
	}
	return string(b)
}
