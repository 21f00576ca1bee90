package dlx

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/sudokit/sudokit/model"
)

// WriteKnuth writes the exact-cover problem of m in the text format of
// Knuth's DLX1 program, or of DLX2 when the lowering colors items (a model
// with Sum or Table rules): a first line naming the primary items, then "|"
// and the secondary items; then one line per option naming its items, a
// colored item written item:color. Lines that start with "|" are comments.
//
// Items are named c<cell> for cells, r<rule> for ExactlyOne rules,
// s<rule> for AtMostOne rules, n<rule> for Sum and Table rules,
// n<rule>t<i> for the primary item T_i (i >= 2) of a sum lowered as a chain
// and n<rule>.<j> for the j-th secondary item of a Sum or Table rule, with cell
// and rule numbers counted from 0 as in the model, in decimal (base 36 when
// a number would not fit the 8 characters DLX1 and DLX2 allow; an n-ary
// rule's secondary item too long to name so is x<item number in base 36>).
// Colors are named by their number in decimal.
//
// The givens are applied the way the solver applies them: the items covered
// or purified by fixed candidates are left out, and so are the options of
// excluded candidates and of candidates that conflict with a fixed one. The
// solutions of the written problem are therefore exactly the solutions of m
// with the fixed candidates taken away. Each option line is preceded by a
// comment naming its candidate ("| c12#3" is value 3 in cell 12), or for an
// option of a Sum or Table rule, the rule ("| rule 4 (sum, cage): weight
// tuples"). When the givens contradict each other, every cell item is
// written with no option at all: a problem with no solution. When they
// cover every primary item (a full grid), the problem is the single item
// "done" with the single option "done": one solution, the empty completion.
func WriteKnuth(w io.Writer, m *model.Model) error {
	return writeKnuth(w, m, lowerConfig{})
}

// writeKnuth is WriteKnuth with a lowering configuration.
func writeKnuth(w io.Writer, m *model.Model, cfg lowerConfig) error {
	lo, err := lay(m, cfg)
	if err != nil {
		return err
	}
	x, err := NewColoredMatrix(lo.primary, lo.secondary, lo.options, lo.colors)
	if err != nil {
		return err
	}
	ok := true
	for _, c := range m.Excluded() {
		for _, o := range lo.om.Options(c) {
			ok = ok && x.Remove(int(o))
		}
	}
	for _, c := range m.Fixed() {
		ok = ok && x.Commit(int(lo.om.only(c)))
	}

	// Names of items, by item number.
	rules := m.Rules()
	names := make([]string, lo.primary+lo.secondary)
	base := func(n int) int {
		if n <= 10_000_000 {
			return 10
		}
		return 36
	}
	cb, rb := base(lo.cells), base(len(rules))
	for c := 0; c < lo.cells; c++ {
		names[c] = "c" + strconv.FormatInt(int64(c), cb)
	}
	for i := lo.cells; i < len(names); i++ {
		k, j := lo.itemRule[i-lo.cells], lo.itemSub[i-lo.cells]
		rule := strconv.FormatInt(int64(k), rb)
		switch {
		case rules[k].Kind == model.ExactlyOne:
			names[i] = "r" + rule
		case rules[k].Kind == model.AtMostOne:
			names[i] = "s" + rule
		case j == -1:
			names[i] = "n" + rule
		case j < 0:
			names[i] = "n" + rule + "t" + strconv.Itoa(int(-j))
			if len(names[i]) > 8 {
				names[i] = "x" + strconv.FormatInt(int64(i), 36)
			}
		default:
			names[i] = "n" + rule + "." + strconv.Itoa(int(j))
			if len(names[i]) > 8 {
				names[i] = "x" + strconv.FormatInt(int64(i), 36)
			}
		}
	}
	colorName := func(c int32) string {
		if c < 100_000_000 {
			return strconv.Itoa(int(c))
		}
		return strconv.FormatInt(int64(c), 36)
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "| sudokit exact cover: %d cells, %d values, %d rules, %d fixed, %d excluded\n",
		m.Cells(), m.Values(), len(rules), len(m.Fixed()), len(m.Excluded()))
	for k, how := range lo.ruleLow {
		if how == leftOut {
			fmt.Fprintf(bw, "| %s: %s\n", m.RuleName(k), how)
		}
	}
	if !ok {
		bw.WriteString("| the givens contradict each other: no option can complete them\n")
		for c := 0; c < lo.cells; c++ {
			if c > 0 {
				bw.WriteByte(' ')
			}
			bw.WriteString(names[c])
		}
		bw.WriteByte('\n')
		return bw.Flush()
	}
	if x.rlink[0] == 0 {
		// The givens fill every primary item. DLX1 needs a primary item,
		// so write the one problem whose single solution is the empty
		// completion.
		bw.WriteString("| the givens cover every primary item: nothing is left to choose\ndone\ndone\n")
		return bw.Flush()
	}
	// Item line: uncovered primary items, "|", uncovered secondary items.
	sep := ""
	for i := 0; i < lo.primary; i++ {
		if x.owner[i+1] == 0 {
			bw.WriteString(sep + names[i])
			sep = " "
		}
	}
	if lo.secondary > 0 {
		bw.WriteString(sep + "|")
		for i := lo.primary; i < lo.primary+lo.secondary; i++ {
			if x.owner[i+1] == 0 {
				bw.WriteString(" " + names[i])
			}
		}
	}
	bw.WriteByte('\n')
	// Options still in play: live, and no item covered by a commit.
	var items []int32
options:
	for o := range x.state {
		if x.state[o] != live {
			continue
		}
		if x.blocked(o) {
			continue options
		}
		items = x.OptionItems(items[:0], o)
		if c := lo.om.Cand(o); c >= 0 {
			fmt.Fprintf(bw, "| %s\n", m.CandName(c))
		} else {
			k := lo.itemRule[int(items[0])-lo.cells]
			fmt.Fprintf(bw, "| %s: %s\n", m.RuleName(int(k)), lo.ruleLow[k])
		}
		var cols []int32
		if lo.colors != nil {
			cols = lo.colors[o]
		}
		sep := ""
		for k, i := range items {
			if x.owner[i+1] != 0 {
				continue // purified to this option's color by a given
			}
			bw.WriteString(sep + names[i])
			sep = " "
			if cols != nil && cols[k] > 0 {
				bw.WriteString(":" + colorName(cols[k]))
			}
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
