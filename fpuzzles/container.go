package fpuzzles

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync"

	lzstring "github.com/daku10/go-lz-string"
)

// MaxInput bounds the text Decode accepts, in bytes. Real puzzles, even with
// many cosmetic elements, compress to a few tens of kilobytes; the bound keeps
// a hostile input from making the decompressor build a huge string.
const MaxInput = 1 << 18

// payload is what a container holds once unwrapped: f-puzzles JSON, either
// raw or as lz-string base64 still to be decompressed.
type payload struct {
	json string // raw JSON, when the input was JSON
	lz   string // lz-string base64, otherwise
	// native is SudokuPad's prefix ("scl" or "ctc") when the data is
	// SudokuPad's own puzzle format rather than f-puzzles JSON.
	native string
}

// unwrap finds the f-puzzles data inside text: a URL, a SudokuPad id with a
// format prefix, a bare lz-base64 string or raw JSON.
func unwrap(text string) (payload, error) {
	text = strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	switch {
	case text == "":
		return payload{}, fmt.Errorf("%w: empty input", ErrSyntax)
	case len(text) > MaxInput:
		return payload{}, fmt.Errorf("%w: input of %d bytes (at most %d)", ErrSyntax, len(text), MaxInput)
	case text[0] == '{':
		return payload{json: text}, nil
	case isURL(text):
		return unwrapURL(text)
	}
	if kind := jsonNonObject(text); kind != "" {
		return payload{}, fmt.Errorf("%w: the input is a JSON %s, not f-puzzles data (a JSON object {…}, an f-puzzles or SudokuPad link, or lz-string data)", ErrSyntax, kind)
	}
	return unwrapID(text)
}

// jsonNonObject names the kind of text when it is a JSON value other than
// an object ("null", "list", "string", "true" or "false"), and returns ""
// otherwise. Bare numbers are left alone: a short id may be all digits.
func jsonNonObject(text string) string {
	switch {
	case text == "null", text == "true", text == "false":
		return text
	case text[0] == '[' && json.Valid([]byte(text)):
		return "list"
	case text[0] == '"' && json.Valid([]byte(text)):
		return "string"
	}
	return ""
}

// isURL reports whether text looks like a web address rather than data.
// lz-base64 never contains ':' or '.', so "://" or a known host settles it.
func isURL(text string) bool {
	if strings.Contains(text, "://") {
		return true
	}
	host, _, _ := strings.Cut(text, "/")
	host, _, _ = strings.Cut(host, "?")
	return strings.Contains(host, ".")
}

func unwrapURL(text string) (payload, error) {
	if !strings.Contains(text, "://") {
		text = "https://" + text
	}
	u, err := url.Parse(text)
	if err != nil {
		return payload{}, fmt.Errorf("%w: bad URL: %v", ErrSyntax, err)
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	switch {
	case host == "f-puzzles.com":
		if load, ok := rawParam(u.RawQuery, "load"); ok {
			return payload{lz: repairData(load)}, nil
		}
		if id, ok := rawParam(u.RawQuery, "id"); ok {
			return payload{}, fmt.Errorf("%w: f-puzzles link with id=%s is a short link that must be fetched; open it in a browser and copy the long ?load= link (or export the JSON)", ErrNetwork, id)
		}
		return payload{}, fmt.Errorf("%w: f-puzzles link without ?load=", ErrSyntax)
	case host == "sudokupad.app" || strings.HasSuffix(host, ".sudokupad.app") || host == "app.crackingthecryptic.com":
		if id, ok := rawParam(u.RawQuery, "puzzleid"); ok {
			return unwrapID(repairData(id))
		}
		p := u.EscapedPath()
		p = strings.TrimPrefix(p, "/")
		p = strings.TrimPrefix(p, "sudoku/")
		if p == "" {
			return payload{}, fmt.Errorf("%w: SudokuPad link without a puzzle", ErrSyntax)
		}
		return unwrapID(repairData(p))
	case host == "tinyurl.com":
		return payload{}, fmt.Errorf("%w: %s is a short link that must be fetched; open it in a browser and copy the long link", ErrNetwork, text)
	}
	return payload{}, fmt.Errorf("%w: %q is not an f-puzzles or SudokuPad link", ErrSyntax, u.Host)
}

// rawParam returns the still-escaped value of query parameter key: the
// standard query parser would turn the '+' of base64 into spaces.
func rawParam(rawQuery, key string) (string, bool) {
	for _, kv := range strings.Split(rawQuery, "&") {
		k, v, _ := strings.Cut(kv, "=")
		if k == key {
			return v, true
		}
	}
	return "", false
}

// repairData percent-decodes s and turns the spaces that form-decoding
// makes of '+' back into '+'.
func repairData(s string) string {
	if dec, err := url.PathUnescape(s); err == nil {
		s = dec
	}
	return strings.ReplaceAll(s, " ", "+")
}

// unwrapID reads a SudokuPad puzzle id: a format prefix and its data, or
// bare lz-base64 data.
func unwrapID(id string) (payload, error) {
	switch {
	case strings.HasPrefix(id, "fpuzzles"):
		return payload{lz: repairData(strings.TrimPrefix(id, "fpuzzles"))}, nil
	case strings.HasPrefix(id, "fpuz"):
		return payload{lz: repairData(strings.TrimPrefix(id, "fpuz"))}, nil
	case strings.HasPrefix(id, "scl"), strings.HasPrefix(id, "ctc"):
		return payload{native: id[:3], lz: repairData(id[3:])}, nil
	case strings.HasPrefix(id, "scf"):
		return payload{}, fmt.Errorf("%w: SudokuPad's compact classic \"scf\" format", ErrUnsupported)
	case len(id) <= 20 && isWord(id):
		return payload{}, fmt.Errorf("%w: %q looks like a SudokuPad short id, which only SudokuPad's server can resolve (sudokit does not fetch); open the puzzle in SudokuPad and copy its full link (sudokupad.app/scl…, from \"Share\"), or export it as an f-puzzles link", ErrNetwork, id)
	}
	return payload{lz: repairData(id)}, nil
}

// isWord reports whether s is a non-empty run of letters, digits, '-' and
// '_': what SudokuPad short ids are made of.
func isWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return s != ""
}

// isBase64 reports whether s uses only the base64 alphabet, with up to three
// '=' at the end (lz-string pads to a multiple of four).
func isBase64(s string) bool {
	pad := strings.TrimRight(s, "=")
	if len(s)-len(pad) > 3 || pad == "" {
		return false
	}
	for i := 0; i < len(pad); i++ {
		c := pad[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/') {
			return false
		}
	}
	return true
}

// lzWarm makes the decompressor build its lookup table once, before any
// concurrent use: the library fills a package map lazily, without a lock.
var lzWarm sync.Once

// text returns the JSON text of p.
func (p payload) text() (string, error) {
	if p.lz == "" {
		if p.json == "" {
			return "", fmt.Errorf("%w: no data", ErrSyntax)
		}
		return p.json, nil
	}
	if !isBase64(p.lz) {
		return "", fmt.Errorf("%w: data is not lz-string base64 (%s)", ErrSyntax, clip(p.lz))
	}
	if n := expandedLen(p.lz, maxExpanded); n > maxExpanded {
		return "", fmt.Errorf("%w: lz-string data (%s) expands to more than %d characters: too large for a puzzle", ErrSyntax, clip(p.lz), maxExpanded)
	}
	lzWarm.Do(func() { _, _ = lzstring.DecompressFromBase64("N4Ig") })
	s, err := lzstring.DecompressFromBase64(p.lz)
	if err != nil {
		return "", fmt.Errorf("%w: cannot decompress lz-string data (%s): %v", ErrSyntax, clip(p.lz), err)
	}
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "{") {
		return "", fmt.Errorf("%w: lz-string data (%s) does not hold a JSON object", ErrSyntax, clip(p.lz))
	}
	return s, nil
}

// clip quotes s, shortened, for an error message.
func clip(s string) string {
	if len(s) > 24 {
		return fmt.Sprintf("%q…", s[:24])
	}
	return fmt.Sprintf("%q", s)
}

// short shortens JSON text for an error message.
func short(raw []byte) string {
	if len(raw) > 24 {
		return string(raw[:24]) + "…"
	}
	return string(raw)
}
