package sudokupad

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/fpuzzles"
)

// The JSON Encode writes.
type (
	docOut struct {
		Metadata *metaOut    `json:"metadata,omitempty"`
		Cells    [][]cellOut `json:"cells"`
		Regions  [][][2]int  `json:"regions"`
		Cages    []cageOut   `json:"cages,omitempty"`
		Global   []string    `json:"global,omitempty"`
	}
	metaOut struct {
		Title    string `json:"title,omitempty"`
		Author   string `json:"author,omitempty"`
		Rules    string `json:"rules,omitempty"`
		Solution string `json:"solution,omitempty"`
	}
	cellOut struct {
		Value int `json:"value,omitempty"`
	}
	cageOut struct {
		Cells  [][2]int `json:"cells"`
		Value  string   `json:"value,omitempty"`
		Sum    int      `json:"sum,omitempty"`
		Unique bool     `json:"unique"`
		Style  string   `json:"style,omitempty"`
	}
)

// fpIn is the part of an f-puzzles document Encode translates.
type fpIn struct {
	Size     int    `json:"size"`
	Title    string `json:"title"`
	Author   string `json:"author"`
	Ruleset  string `json:"ruleset"`
	Solution []int  `json:"solution"`
	Grid     [][]struct {
		Value            int   `json:"value"`
		Region           *int  `json:"region"`
		GivenPencilMarks []int `json:"givenPencilMarks"`
	} `json:"grid"`
	Killer []fpdoc.Part `json:"killercage"`
	Extra  []fpdoc.Part `json:"extraregion"`
}

// carried are the f-puzzles members SudokuPad's format carries.
var carried = map[string]bool{
	"size": true, "title": true, "author": true, "ruleset": true, "solution": true, "grid": true,
	"killercage": true, "extraregion": true, "antiknight": true, "antiking": true, "nonconsecutive": true,
}

// Encode writes p as SudokuPad JSON: the givens, the regions (the boxes,
// or a jigsaw's), killer cages, extra regions, anti-knight, anti-king and
// non-consecutive, and the title, author, rules and solution as metadata.
// A puzzle with other rules, or with pencil-mark givens, which SudokuPad's
// format cannot carry, is an error naming them; the f-puzzles SudokuPad
// link (fpuzzles.URL) carries them.
func Encode(p *fpuzzles.Puzzle) (string, error) {
	js, err := fpuzzles.Encode(p)
	if err != nil {
		return "", err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &members); err != nil {
		return "", err
	}
	var other []string
	for k := range members {
		if !carried[k] {
			other = append(other, k)
		}
	}
	if len(other) > 0 {
		sort.Strings(other)
		return "", fmt.Errorf("sudokupad: encode: SudokuPad's own format draws %v as pictures whose meaning only the rules text gives: use the f-puzzles SudokuPad link (convert --to sudokupad), which carries them as rules", other)
	}
	var in fpIn
	if err := json.Unmarshal([]byte(js), &in); err != nil {
		return "", err
	}
	return encodeDoc(in, members)
}

func encodeDoc(in fpIn, members map[string]json.RawMessage) (string, error) {
	n := in.Size
	s, err := fpuzzles.GridShape(n)
	if err != nil {
		return "", err
	}
	out := docOut{Cells: make([][]cellOut, n), Regions: make([][][2]int, n)}
	for r, row := range in.Grid {
		out.Cells[r] = make([]cellOut, n)
		for c, cell := range row {
			if len(cell.GivenPencilMarks) > 0 {
				return "", fmt.Errorf("sudokupad: encode: SudokuPad's format has no pencil-mark givens (r%dc%d): use --to sudokupad (f-puzzles data) or a sukaku line", r+1, c+1)
			}
			out.Cells[r][c].Value = cell.Value
			id := s.Box(r, c)
			if cell.Region != nil {
				id = *cell.Region
			}
			out.Regions[id] = append(out.Regions[id], [2]int{r, c})
		}
	}
	for _, k := range in.Killer {
		cells, err := cellsOf(k.Cells, n)
		if err != nil {
			return "", err
		}
		cage := cageOut{Cells: cells, Value: string(k.Value), Unique: true}
		fmt.Sscan(cage.Value, &cage.Sum)
		out.Cages = append(out.Cages, cage)
	}
	for _, e := range in.Extra {
		cells, err := cellsOf(e.Cells, n)
		if err != nil {
			return "", err
		}
		out.Cages = append(out.Cages, cageOut{Cells: cells, Unique: true, Style: "extraregion"})
	}
	for _, g := range []string{"antiknight", "antiking", "nonconsecutive"} {
		if _, ok := members[g]; ok {
			out.Global = append(out.Global, g)
		}
	}
	meta := metaOut{Title: in.Title, Author: in.Author, Rules: in.Ruleset}
	if len(in.Solution) > 0 {
		if n > 9 {
			return "", fmt.Errorf("sudokupad: encode: SudokuPad writes a solution as one digit a cell, which a %dx%d grid does not fit: use --to sudokupad (f-puzzles data)", n, n)
		}
		var b bytes.Buffer
		for _, d := range in.Solution {
			b.WriteByte(byte('0' + d))
		}
		meta.Solution = b.String()
	}
	if meta != (metaOut{}) {
		out.Metadata = &meta
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return "", err
	}
	return string(bytes.TrimSpace(b.Bytes())), nil
}

// cellsOf reads f-puzzles cell references as SudokuPad [row, column]
// pairs.
func cellsOf(refs []string, n int) ([][2]int, error) {
	out := make([][2]int, len(refs))
	for i, ref := range refs {
		c, ok := fpdoc.ParseRef(ref, n)
		if !ok {
			return nil, fmt.Errorf("sudokupad: encode: bad cell %q", ref)
		}
		out[i] = [2]int{c.Row, c.Col}
	}
	return out, nil
}

// URL returns a SudokuPad link with p's data in SudokuPad's own format
// (https://sudokupad.app/scl…): see Encode for what it carries.
func URL(p *fpuzzles.Puzzle) (string, error) {
	js, err := Encode(p)
	if err != nil {
		return "", err
	}
	data, err := lzstring.CompressToBase64(js)
	if err != nil {
		return "", fmt.Errorf("sudokupad: compress: %w", err)
	}
	return "https://sudokupad.app/scl" + data, nil
}
