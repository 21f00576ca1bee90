// Package graph is the candidate graph of a rule set and the singles
// propagation over it, shared by the engines that think in candidates
// rather than in items or clauses: the SAT encoder propagates givens with it
// before writing clauses, the backtracking solver places candidates along
// it, candidate propagation (prop) reads each candidate's peers, package
// logic builds its human techniques and hints on it, and package generate
// seeds its random complete grids by it.
//
// Two candidates are peers when no solution chooses both: they lie in one
// cell (the implicit cell constraint), or they are listed together by an
// ExactlyOne or an AtMostOne rule. [New] reads every rule of a model by its
// kind. The n-ary kinds (a sum, a table) are never mistaken for lists of
// pairwise exclusions: the graph skips them and lists their indices in
// [Graph.Nary], so that a caller that lowers them does, and one that cannot
// refuses the model naming the rule. Any other kind is an error.
//
// Singles propagation stays sound with n-ary rules present: it draws only
// consequences of the binary rules, which every solution also satisfies, so
// it may leave undecided what a sum would decide, never the other way round.
// A caller that finds every cell decided must still check the n-ary rules.
//
// # Design
//
// A [Graph] depends on a model's rules only, never on its givens, so a
// backend builds it once per [model.Model.RulesID] (keep it in a
// [model.Cache]) and shares it, read-only, between concurrent searches. Its
// lists are CSR arrays (compressed rows): the peers of candidate c are
// peers[peerStart[c]:peerStart[c+1]], sorted, each once. Peers in c's own
// cell are left out of that list, since they are c's cell neighbours
// base..base+Values-1 and every reader handles the cell apart; [Graph.Peers]
// says so. The ExactlyOne rules a candidate belongs to are listed the same
// way, as indices into [Graph.Ones].
//
// [Singles] is the state of one propagation: a value per candidate
// (chosen, eliminated, undecided), the live candidates of every cell and
// ExactlyOne rule, and a work list. It applies givens and propagates naked
// singles (a cell down to one candidate) and hidden singles (an ExactlyOne
// rule down to one candidate) to a fixpoint, which is unit propagation on the
// pairwise encoding. It allocates once, in [Graph.NewSingles], and is reset
// by every [Singles.Propagate], so a pool of them serves a stream of
// puzzles without allocation.
//
// Naming: g is a Graph, s a Singles, c and p candidates, r the index of an
// ExactlyOne rule in Ones (not in Model.Rules).
//
// Package graph imports only model and the standard library.
package graph
