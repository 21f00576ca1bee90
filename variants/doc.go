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
// A registry maps the names users type (sudokit --variant antiknight) to
// the variants without parameters: diagonal, diagonal-main, diagonal-anti,
// antiknight, antiking, nonconsecutive, windoku, disjoint. The others carry
// cells (lines, dots, regions) and are built as values, usually by a puzzle
// format's reader. A program adds its own rule set by implementing
// rules.Variant and, to make it available by name, calling [Register].
//
// Invalid parameters (a cell outside the grid, a line whose cells do not
// touch, a region of the wrong size) make Apply fail with an error wrapping
// [ErrInvalid] that names the cell.
package variants
