package sudokupad

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// zipNames maps the short member names of SudokuPad's zipped form to the
// names of its JSON.
var zipNames = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
	"w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
	"re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
	"t": "title", "te": "text", "d": "duration", "d2": "d",
}

// maxDepth bounds the nesting of the zipped text a parser follows.
const maxDepth = 64

// unzip returns the JSON of SudokuPad puzzle text: the text itself when it
// is JSON, else the JSON of its zipped form with the member names
// expanded. The zipped form is JSON with keys unquoted, strings in single
// quotes, t and f for true and false, #0 and #F for black and white,
// colours without their '#', and empty array slots for empty objects.
func unzip(text string) ([]byte, error) {
	if json.Valid([]byte(text)) {
		return []byte(text), nil
	}
	z := &zipParser{s: text}
	v, err := z.value(0, false)
	if err != nil {
		return nil, err
	}
	z.space()
	if z.i < len(z.s) {
		return nil, z.errorf("unexpected %q after the puzzle", z.s[z.i])
	}
	return json.Marshal(expand(v))
}

// expand renames the zipped member names of v's objects, at every depth.
func expand(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if long, ok := zipNames[k]; ok {
				k = long
			}
			out[k] = expand(x)
		}
		return out
	case []any:
		for i := range v {
			v[i] = expand(v[i])
		}
	}
	return v
}

// A zipParser reads SudokuPad's zipped JSON.
type zipParser struct {
	s string
	i int
}

func (z *zipParser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: zipped puzzle data at byte %d: %s", ErrSyntax, z.i, fmt.Sprintf(format, args...))
}

func (z *zipParser) space() {
	for z.i < len(z.s) && strings.IndexByte(" \t\r\n", z.s[z.i]) >= 0 {
		z.i++
	}
}

// value reads one value; member says it is an object member's value,
// where six hex digits are a colour.
func (z *zipParser) value(depth int, member bool) (any, error) {
	if depth > maxDepth {
		return nil, z.errorf("nested deeper than %d", maxDepth)
	}
	z.space()
	if z.i >= len(z.s) {
		return nil, z.errorf("unexpected end")
	}
	switch c := z.s[z.i]; c {
	case '{':
		return z.object(depth)
	case '[':
		return z.array(depth)
	case '\'', '"':
		return z.str()
	}
	start := z.i
	for z.i < len(z.s) && strings.IndexByte(",:]}{[ \t\r\n'\"", z.s[z.i]) < 0 {
		z.i++
	}
	tok := z.s[start:z.i]
	switch {
	case tok == "t" || tok == "true":
		return true, nil
	case tok == "f" || tok == "false":
		return false, nil
	case tok == "null":
		return nil, nil
	case tok == "#0":
		return "#000000", nil
	case tok == "#F":
		return "#FFFFFF", nil
	case member && len(tok) == 6 && isHex(tok):
		return "#" + tok, nil
	}
	if tok == "" {
		return nil, z.errorf("unexpected %q", z.s[z.i])
	}
	if (tok[0] == '-' || '0' <= tok[0] && tok[0] <= '9') && json.Valid([]byte(tok)) {
		return json.Number(tok), nil
	}
	return nil, z.errorf("bad value %q", clip(tok))
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i])) {
			return false
		}
	}
	return true
}

func (z *zipParser) object(depth int) (any, error) {
	z.i++ // '{'
	out := map[string]any{}
	z.space()
	if z.i < len(z.s) && z.s[z.i] == '}' {
		z.i++
		return out, nil
	}
	for {
		z.space()
		key, err := z.key()
		if err != nil {
			return nil, err
		}
		z.space()
		if z.i >= len(z.s) || z.s[z.i] != ':' {
			return nil, z.errorf("want ':' after member %q", clip(key))
		}
		z.i++
		v, err := z.value(depth+1, true)
		if err != nil {
			return nil, err
		}
		out[key] = v
		if done, err := z.next('}', "object"); done || err != nil {
			return out, err
		}
	}
}

// next reads what follows a member or an element: ',' for another, or
// the closing byte, reported as done.
func (z *zipParser) next(closing byte, what string) (done bool, err error) {
	z.space()
	if z.i >= len(z.s) {
		return false, z.errorf("unterminated %s", what)
	}
	switch z.s[z.i] {
	case ',':
		z.i++
		return false, nil
	case closing:
		z.i++
		return true, nil
	}
	return false, z.errorf("want ',' or '%c', got %q", closing, z.s[z.i])
}

// key reads a member name: quoted, or a bare run of letters, digits and
// '_'.
func (z *zipParser) key() (string, error) {
	if z.i < len(z.s) && (z.s[z.i] == '\'' || z.s[z.i] == '"') {
		return z.str()
	}
	start := z.i
	for z.i < len(z.s) {
		c := z.s[z.i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '$') {
			break
		}
		z.i++
	}
	if z.i == start {
		return "", z.errorf("want a member name")
	}
	return z.s[start:z.i], nil
}

// array reads a list, where an empty slot ("[,,]") is an empty object.
func (z *zipParser) array(depth int) (any, error) {
	z.i++ // '['
	out := []any{}
	z.space()
	if z.i < len(z.s) && z.s[z.i] == ']' {
		z.i++
		return out, nil
	}
	for {
		z.space()
		if z.i < len(z.s) && (z.s[z.i] == ',' || z.s[z.i] == ']') {
			out = append(out, map[string]any{})
		} else {
			v, err := z.value(depth+1, false)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		if done, err := z.next(']', "list"); done || err != nil {
			return out, err
		}
	}
}

// str reads a string in single or double quotes, with JSON's escapes and
// \' for a quote.
func (z *zipParser) str() (string, error) {
	q := z.s[z.i]
	z.i++
	var b strings.Builder
	for z.i < len(z.s) {
		c := z.s[z.i]
		switch {
		case c == q:
			z.i++
			return b.String(), nil
		case c == '\\':
			if z.i+1 >= len(z.s) {
				return "", z.errorf("unterminated string")
			}
			e := z.s[z.i+1]
			z.i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b', 'f':
			case 'u':
				if z.i+4 > len(z.s) {
					return "", z.errorf("short \\u escape")
				}
				r, err := strconv.ParseUint(z.s[z.i:z.i+4], 16, 32)
				if err != nil {
					return "", z.errorf("bad \\u escape")
				}
				b.WriteRune(rune(r))
				z.i += 4
			default:
				b.WriteByte(e) // \' \" \\ \/
			}
		default:
			r, size := utf8.DecodeRuneInString(z.s[z.i:])
			b.WriteRune(r)
			z.i += size
		}
	}
	return "", z.errorf("unterminated string")
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}
