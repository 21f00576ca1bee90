// Package variants holds the named rule sets that add constraints to a
// sudoku. Each is a [rules.Variant] that adds its rules through a
// [rules.Builder], lowered only to the model's existing rule kinds, so
// every backend solves it without knowing it exists.
//
// Five building blocks, each a rule kind of the model or an excluded
// candidate, cover every variant here:
//
//   - houses (ExactlyOne per digit): [Diagonal] (or one diagonal,
//     [DiagonalMain], [DiagonalAnti]), [Windoku], [DisjointGroups],
//     [Jigsaw] regions, [ExtraRegions] of N cells (fewer cells: AtMostOne);
//   - "not both" pairs, one AtMostOne rule over two candidates, cell a = x
//     and cell b = y: [AntiKnight], [AntiKing], [NonConsecutive], [XV],
//     [Kropki], [Whispers], [Renban], [Palindrome], [Clone], [Entropic],
//     [Modular], [MinMax], [Indexer], the order of a [Thermo], the gap of a
//     [Lockout] line's ends, the crust places of a [Sandwich] clue whose
//     middle cannot reach the total;
//   - excluded candidates: [OddEven], the positions of a [Thermo], digits a
//     pair rule leaves without partner (5 on a 9x9 whispers line), the
//     first digits of an [XSum] clue that no run of cells reaches;
//   - sums (model.Sum, weighted candidates with allowed totals):
//     [Killer] cages, [Arrow]s, [LittleKiller] diagonals, [RegionSum]
//     lines, [Zipper] lines, [CountingCircles], [Quadruple] clues, and
//     sums conditional on candidates: the crusts of a [Sandwich], the
//     first digit of an [XSum];
//   - tables (model.Table, the allowed value tuples of a few cells):
//     [Between] lines, [Lockout] lines, and a [Thermo] by its Lowering.
//
// Each family is one unit, in a file of its own that registers it with
// [RegisterFamily]: its name and help text, the [Entry] of each variant
// users select by name (sudokit --variant antiknight: diagonal,
// diagonal-main, diagonal-anti, antiknight, antiking, nonconsecutive,
// windoku, disjoint), its f-puzzles [Codec] (the JSON members and negative
// constraints it owns, how it reads them into variants over an
// [fpdoc.Reader] and writes them back into an [fpdoc.Writer]) and its fuzz
// maker, which builds one random instance for the backend-agreement fuzz
// test. Package fpuzzles reads and writes every constraint through
// [Families] and [FamilyOf], so adding a family is adding a file. The
// variants that carry cells (lines, dots, regions) are built as values,
// usually by a puzzle format's reader. A program adds its own rule set by
// implementing rules.Variant and registering a family, or, to make it
// available by name only, calling [Register].
//
// Files: each family in a file of its own, named after it (killer.go,
// thermo.go, regions.go for extra regions and windoku, which f-puzzles
// writes as extra regions, …); registry.go the registry, codec.go the
// helpers codecs and fuzz makers share, pairs.go the "not both" rule and
// the checks every family uses.
//
// Invalid parameters (a cell outside the grid, a line whose cells do not
// touch, a region of the wrong size) make Apply fail with an error wrapping
// [ErrInvalid] that names the cell.
package variants
