package model_test

import (
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// Two cages on a 4x4 grid whose rows hold 1+2+3+4 = 10: cage a inside row
// 1 (3), cage b with one cell in row 1 and two in row 2 (8). Row 1 less
// cage a leaves c2+c3 = 7 (innies); with cage b too, its last cell less the
// two cells below adds up to 10 - 3 - 8 = -1 (an innie-outie sum, whose
// outies weigh minus their value); rows 1 and 2 leave c3+c4+c5 = 9; row 2
// with cage b gives c4+c5-c2 = 2.
func ExampleBuilder_DeriveSums() {
	b := model.NewBuilder(16, 4)
	for r := range 4 {
		b.House(fmt.Sprintf("row %d", r+1), []int{4 * r, 4*r + 1, 4*r + 2, 4*r + 3})
	}
	b.Linear("cage a", []int{0, 1}, []int{1, 1}, []int{3}, true)
	b.Linear("cage b", []int{2, 6, 7}, []int{1, 1, 1}, []int{8}, true)
	b.DeriveSums()
	m, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range m.Rules() {
		if !strings.HasPrefix(r.Label, "derived") {
			continue
		}
		w := m.CellWeights(r)
		var terms []string
		for i, c := range r.Payload.Cells {
			sign := "+"
			if w[i*m.Values()] < 0 {
				sign = "-"
			}
			terms = append(terms, sign+m.CellName(int(c)))
		}
		fmt.Println(r.Label+":", strings.Join(terms, " "), "=", r.Payload.Totals[0], "implied:", r.Payload.Implied)
	}
	// Output:
	// derived, row 1: +c2 +c3 = 7 implied: true
	// derived, row 1 innies-outies: +c3 -c6 -c7 = -1 implied: true
	// derived, row 1 + row 2: +c3 +c4 +c5 = 9 implied: true
	// derived, row 2 innies-outies: +c4 +c5 -c2 = 2 implied: true
}
