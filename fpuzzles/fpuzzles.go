package fpuzzles

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// Errors Decode reports, wrapped with details.
var (
	// ErrSyntax reports input that is not f-puzzles data: a bad link, bad
	// base64, malformed JSON, a bad cell reference. It is fpdoc.ErrSyntax,
	// which the variants' codecs report.
	ErrSyntax = fpdoc.ErrSyntax
	// ErrUnsupported reports valid data sudokit cannot use: constraints it
	// has no variant for, SudokuPad's native formats. An *UnsupportedError
	// lists the constraints. It is fpdoc.ErrUnsupported.
	ErrUnsupported = fpdoc.ErrUnsupported
	// ErrNetwork reports a short link or id that only the puzzle site can
	// resolve.
	ErrNetwork = errors.New("fpuzzles: needs the network")
)

// An UnsupportedError lists every constraint of a puzzle that sudokit cannot
// solve, or keys it does not know. It matches ErrUnsupported with errors.Is.
type UnsupportedError struct {
	Keys    []string // constraints present that no variant implements, sorted
	Unknown []string // keys that are neither constraints nor cosmetic, sorted
}

// Error lists the unsupported constraints and unknown keys.
func (e *UnsupportedError) Error() string {
	var parts []string
	if len(e.Keys) > 0 {
		parts = append(parts, "unsupported constraints: "+strings.Join(e.Keys, ", "))
	}
	if len(e.Unknown) > 0 {
		parts = append(parts, "unknown f-puzzles keys: "+strings.Join(e.Unknown, ", "))
	}
	return "fpuzzles: " + strings.Join(parts, "; ")
}

// Is reports whether target is ErrUnsupported.
func (e *UnsupportedError) Is(target error) bool { return target == ErrUnsupported }

// A Puzzle is a sudoku read from or written as f-puzzles data.
type Puzzle struct {
	// Grid holds the givens; its shape follows the f-puzzles size.
	Grid sudoku.Grid
	// Variants are the rule sets beyond rows, columns and boxes, in a fixed
	// order (see Decode).
	Variants []rules.Variant
	// Title, Author and Rules are the puzzle's metadata ("ruleset").
	Title, Author, Rules string
	// Solution is the solution the author stored, if any; blank cells mean
	// the author left them out.
	Solution *sudoku.Grid
	// Dropped lists, sorted, the constraints Options.IgnoreUnsupported let
	// Decode skip. A puzzle with dropped constraints may have solutions the
	// author's puzzle does not.
	Dropped []string
	// Drawings lists, sorted, the kinds of drawing the puzzle carries that
	// sudokit reads as no rule ("cage", "line", "text" …): setters draw
	// rules with them that only the rules text explains.
	Drawings []string
	// Unused names the parts of the document Decode read as no rule and
	// that are not drawings: first the grid's (the marks of a given cell,
	// values that are not givens, the members of cells it does not read,
	// each once with its cell or number of cells), then the top-level
	// members sudokit does not use (metadata, solver settings), by name.
	// Front ends warn about them.
	Unused []string
}

// Options change how Decode reads a puzzle. The zero value is strict.
type Options struct {
	// IgnoreUnsupported skips constraints sudokit cannot solve and unknown
	// keys instead of failing; Puzzle.Dropped names them.
	IgnoreUnsupported bool
	// IncludeEntries reads values without "given": true (a solver's
	// entries, which f-puzzles saves too) as givens.
	IncludeEntries bool
}

// Decode reads an f-puzzles puzzle with the strict default Options. It
// accepts an f-puzzles link (https://f-puzzles.com/?load=…), a SudokuPad
// link with f-puzzles data (https://sudokupad.app/fpuzzles…, the "fpuz"
// prefix, or app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles…), a bare
// lz-string base64 string, or the JSON itself.
//
// Short links (?id=, tinyurl, SudokuPad short ids) fail with ErrNetwork;
// SudokuPad's own scl/ctc formats fail with ErrUnsupported.
//
// Every constraint is read by the codec of its variant family (see
// variants.Families), and the variants come out in the families' Order:
// jigsaw, diagonals, extra regions or windoku, anti-knight, anti-king,
// non-consecutive, disjoint groups, odd/even, XV, kropki, thermometers,
// palindromes, renban, whispers. Both diagonals make variants.Diagonal, "diagonal-" alone
// variants.DiagonalMain and "diagonal+" alone variants.DiagonalAnti. Kropki
// dots with their default value (difference 1, ratio 2, or none given) go to
// Kropki.White and Kropki.Black, dots with another value to WhiteDots and
// BlackDots; "negative" with both "difference" and "ratio" sets
// Kropki.Negative, with one of them NegativeWhite or NegativeBlack.
func Decode(text string) (*Puzzle, error) { return Options{}.Decode(text) }

// Decode reads an f-puzzles puzzle (see the package-level Decode).
func (o Options) Decode(text string) (*Puzzle, error) {
	p, err := unwrap(text)
	if err != nil {
		return nil, err
	}
	if p.native != "" {
		return nil, fmt.Errorf("%w: SudokuPad's native %q format (package sudokupad reads it; this package reads f-puzzles data, prefix \"fpuzzles\")", ErrUnsupported, p.native)
	}
	js, err := p.text()
	if err != nil {
		return nil, err
	}
	return o.decodeJSON([]byte(js))
}

// Looks reports whether text looks like f-puzzles data: an f-puzzles or
// SudokuPad link, a SudokuPad id with a format prefix, a JSON object, or a
// long base64 string that decompresses to a JSON object. It does not check
// that the puzzle is valid; Decode does.
func Looks(text string) bool {
	text = strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if text == "" || len(text) > MaxInput {
		return false
	}
	if text[0] == '{' {
		return true
	}
	if isURL(text) {
		_, err := unwrap(text)
		return !errors.Is(err, ErrSyntax) // a short link still is one of ours
	}
	for _, prefix := range []string{"fpuzzles", "fpuz", "scl", "ctc"} {
		if rest, ok := strings.CutPrefix(text, prefix); ok && isBase64(rest) {
			if _, err := (payload{lz: rest}).text(); err == nil {
				return true
			}
		}
	}
	if len(text) < 32 || !isBase64(text) {
		return false
	}
	_, err := payload{lz: text}.text()
	return err == nil
}

// SudokuPadNative returns the text of SudokuPad's native puzzle data that
// text holds, decompressed but otherwise as SudokuPad stores it (JSON, or
// its zipped form): text is a SudokuPad link or id whose data has the
// "scl" or "ctc" prefix. ok is false, with no error, when text holds other
// data (f-puzzles data, a text puzzle); err reports native data that
// cannot be unpacked, or a short id that must be fetched.
func SudokuPadNative(text string) (data string, ok bool, err error) {
	p, err := unwrap(text)
	if errors.Is(err, ErrNetwork) && strings.Contains(text, "sudokupad") {
		return "", true, err
	}
	if err != nil || p.native == "" {
		return "", false, nil
	}
	data, err = p.text()
	return data, true, err
}

// GridShape returns the shape of an f-puzzles grid of side n: the usual
// one (sudoku.ShapeOf) or, for a side with no box shape (5, 7, 11 …),
// boxes that are whole rows, as f-puzzles and SudokuPad lay it out.
func GridShape(n int) (sudoku.Shape, error) { return docShape(n) }

func fmtErr(format string, args ...any) error { return fpdoc.Errorf(format, args...) }
