package graph

import (
	"context"
	"fmt"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// A KindError reports a rule whose kind the graph cannot read as pairwise
// exclusions.
type KindError struct {
	Rule  int // index in Model.Rules
	Label string
	Kind  model.Kind
}

// Error returns "graph: rule kind <kind> not supported".
func (e *KindError) Error() string {
	return fmt.Sprintf("graph: rule kind %v not supported", e.Kind)
}

// A Graph is the candidate graph of one rule set: every candidate's peers
// and the ExactlyOne rules it belongs to. Nothing changes a Graph once
// built; it is safe for concurrent use.
type Graph struct {
	cells, values int
	peerStart     []int32
	peers         []model.Cand // per candidate, in other cells, sorted, no duplicates
	ones          [][]model.Cand
	oneStart      []int32
	oneOf         []int32 // indices into ones
	nary          []int   // indices in Model.Rules of the Sum and Table rules, not read
}

// New builds the graph of m's rules (not its givens: the graph serves every
// model with m's RulesID) from its ExactlyOne and AtMostOne rules. The
// n-ary rules (Sum, Table) are not read as exclusions: their indices are
// listed by [Graph.Nary], for the callers that handle them. A rule of any
// other kind is an error, a *KindError.
func New(m *model.Model) (*Graph, error) {
	return build(context.Background(), m.Cells(), m.Values(), m.Rules())
}

// NewContext is New giving up with ctx's error when ctx ends: it polls
// ctx (a non-blocking ctx.Err()) every pollMask+1 rules and candidates,
// so that a search under a time limit does not overrun it building the
// graph of a large model. A rule of a kind the graph cannot read is
// reported before the first poll.
func NewContext(ctx context.Context, m *model.Model) (*Graph, error) {
	return build(ctx, m.Cells(), m.Values(), m.Rules())
}

// pollMask sets how often build polls its context.
const pollMask = 1<<10 - 1

func build(ctx context.Context, cells, values int, rules []model.Rule) (*Graph, error) {
	n := cells * values
	g := &Graph{cells: cells, values: values}
	// Every candidate's rules, as CSR.
	start := make([]int32, n+1)
	for k, r := range rules {
		switch r.Kind {
		case model.ExactlyOne:
			g.ones = append(g.ones, r.Cands)
		case model.AtMostOne:
		case model.Sum, model.Table:
			g.nary = append(g.nary, k)
			continue
		default:
			return nil, &KindError{Rule: k, Label: r.Label, Kind: r.Kind}
		}
		for _, c := range r.Cands {
			start[c+1]++
		}
	}
	for c := range n {
		start[c+1] += start[c]
	}
	of := make([]int32, start[n])
	next := slices.Clone(start[:n])
	for k, r := range rules {
		if k&pollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if !pairwise(r.Kind) {
			continue
		}
		for _, c := range r.Cands {
			of[next[c]] = int32(k)
			next[c]++
		}
	}
	g.oneStart = make([]int32, n+1)
	for _, cs := range g.ones {
		for _, c := range cs {
			g.oneStart[c+1]++
		}
	}
	for c := range n {
		g.oneStart[c+1] += g.oneStart[c]
	}
	g.oneOf = make([]int32, g.oneStart[n])
	copy(next, g.oneStart[:n])
	for r, cs := range g.ones {
		for _, c := range cs {
			g.oneOf[next[c]] = int32(r)
			next[c]++
		}
	}
	// Peers: the candidates of other cells that share a rule.
	stamp := make([]int32, n) // stamp[p] == c+1: p already listed for c
	g.peerStart = make([]int32, n+1)
	g.peers = make([]model.Cand, 0, int(start[n])*2)
	for c := range int32(n) {
		if c&pollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		first := len(g.peers)
		cell := c / int32(values)
		for _, k := range of[start[c]:start[c+1]] {
			for _, p := range rules[k].Cands {
				if int32(p)/int32(values) == cell || stamp[p] == c+1 {
					continue
				}
				stamp[p] = c + 1
				g.peers = append(g.peers, p)
			}
		}
		slices.Sort(g.peers[first:])
		g.peerStart[c+1] = int32(len(g.peers))
	}
	g.peers = slices.Clip(g.peers)
	return g, nil
}

// pairwise reports whether the graph reads rules of kind k as exclusions.
func pairwise(k model.Kind) bool { return k == model.ExactlyOne || k == model.AtMostOne }

// Nary returns the indices in Model.Rules of the rules the graph did not
// read: the Sum and Table rules, in rule order. A caller that cannot lower
// them refuses the model with an error naming the first (a [KindError]);
// the graph's peers and Singles ignore them, which keeps propagation sound
// (it only draws consequences of the rules it read). The slice must not be
// modified.
func (g *Graph) Nary() []int { return g.nary }

// Cells returns the number of cells.
func (g *Graph) Cells() int { return g.cells }

// Values returns the number of values per cell.
func (g *Graph) Values() int { return g.values }

// NumCands returns the number of candidates, Cells*Values.
func (g *Graph) NumCands() int { return g.cells * g.values }

// Peers returns the peers of c in other cells, sorted: the candidates that
// share an ExactlyOne or AtMostOne rule with c. The other candidates of c's
// own cell are peers too and are not listed. The slice must not be
// modified.
func (g *Graph) Peers(c model.Cand) []model.Cand {
	return g.peers[g.peerStart[c]:g.peerStart[c+1]]
}

// NumPeers returns the number of peers Peers lists over every candidate
// (each pair of peers counted twice), for callers that copy them.
func (g *Graph) NumPeers() int { return len(g.peers) }

// Ones returns the candidates of every ExactlyOne rule, in rule order; the
// index of a rule here is what OnesOf and Singles use. The slices must not
// be modified.
func (g *Graph) Ones() [][]model.Cand { return g.ones }

// OnesOf returns the indices in Ones of the ExactlyOne rules that list c.
// The slice must not be modified.
func (g *Graph) OnesOf(c model.Cand) []int32 {
	return g.oneOf[g.oneStart[c]:g.oneStart[c+1]]
}
