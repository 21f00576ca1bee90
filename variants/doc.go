// Package variants holds the named rule sets that add constraints to a
// sudoku. Each is a [rules.Variant] that adds its rules through a
// [rules.Builder], lowered only to the model's existing rule kinds, so
// every backend solves it without knowing it exists.
//
// Three building blocks cover every variant here:
//
//   - houses (ExactlyOne per digit): [Diagonal] (or one diagonal,
//     [DiagonalMain], [DiagonalAnti]), [Windoku], [DisjointGroups],
//     [Jigsaw] regions, [ExtraRegions] of N cells (fewer cells: AtMostOne);
//   - "not both" pairs, one AtMostOne rule over two candidates, cell a = x
//     and cell b = y: [AntiKnight], [AntiKing], [NonConsecutive], [Thermo],
//     [Whispers], [Palindrome], [Renban], [XV], [Kropki];
//   - excluded candidates: [OddEven], the positions of a [Thermo], digits a
//     pair rule leaves without partner (5 on a 9x9 whispers line).
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
// Files: diagonal.go, jigsaw.go, regions.go (extra regions and windoku,
// which f-puzzles writes as extra regions), antiknight.go, antiking.go,
// nonconsecutive.go, disjoint.go, oddeven.go, xv.go, kropki.go,
// thermo.go, palindrome.go, renban.go and whispers.go hold one family each;
// registry.go the registry, codec.go the helpers codecs and fuzz makers
// share, pairs.go the "not both" rule and the checks every family uses.
//
// Invalid parameters (a cell outside the grid, a line whose cells do not
// touch, a region of the wrong size) make Apply fail with an error wrapping
// [ErrInvalid] that names the cell.
package variants
