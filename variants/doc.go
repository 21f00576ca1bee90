// Package variants holds the named rule sets that add constraints to a
// sudoku: diagonal first, more to follow. Each is a [sudoku.Variant] that
// adds its rules through a [sudoku.Builder], so every backend solves it
// without knowing it exists.
//
// A registry maps the names users type (sudokit --variant diagonal) to
// variants. A program adds its own rule set by implementing sudoku.Variant
// and, to make it available by name, calling [Register].
package variants
