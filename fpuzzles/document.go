package fpuzzles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// A part is one element of a constraint list: f-puzzles gives every
// constraint the same shape, a list of objects with some of these members.
type part struct {
	Cell  string     `json:"cell,omitempty"`
	Cells []string   `json:"cells,omitempty"`
	Lines [][]string `json:"lines,omitempty"`
	Value text       `json:"value,omitempty"`
}

// A text is a JSON member f-puzzles writes as a string but that some tools
// write as a number ("value": "3" or "value": 3). null is the empty text.
type text string

// UnmarshalJSON accepts a string, a number or null.
func (t *text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = text(s)
		return nil
	}
	if string(b) == "null" {
		*t = ""
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return &json.UnmarshalTypeError{Value: jsonKind(b), Type: reflect.TypeOf(text(""))}
	}
	*t = text(n.String())
	return nil
}

// jsonError describes a JSON decoding error in words, for people who wrote
// the JSON rather than the Go types that read it: the member's path from
// at, the kind wanted and the kind found ("thermometer[0].lines: want a
// list of lists of cells, got a number").
func jsonError(at string, err error) string {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return fmt.Sprintf("%s: bad JSON: %v", at, se)
		}
		return fmt.Sprintf("%s: %v", at, err)
	}
	if te.Field != "" {
		at += "." + te.Field
	}
	return fmt.Sprintf("%q: want %s, got %s", at, kindName(te.Type, false), gotKind(te.Value))
}

// jsonKind returns the kind of a JSON value as encoding/json names it in
// its errors: "object", "array", "string", "number", "bool" or "null".
func jsonKind(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "nothing"
	}
	switch b[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// gotKind names in words a JSON kind as encoding/json reports it ("array",
// "number 1.5").
func gotKind(v string) string {
	kind, _, _ := strings.Cut(v, " ")
	switch kind {
	case "object":
		return "an object"
	case "array":
		return "a list"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "null":
		return "null"
	case "number":
		return "a number"
	}
	return v
}

// kindName names in words the JSON that Go type t reads: "a list of
// objects", "a string". plural gives the plural form, for list elements.
func kindName(t reflect.Type, plural bool) string {
	one, many := "a value", "values"
	switch {
	case t == reflect.TypeOf(text("")):
		one, many = "a string or a number", "strings or numbers"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		one, many = "a JSON value", "JSON values"
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		one = "a list of " + kindName(t.Elem(), true)
		many = "lists of " + kindName(t.Elem(), true)
	case t.Kind() == reflect.Struct || t.Kind() == reflect.Map:
		one, many = "an object", "objects"
	case t.Kind() == reflect.String:
		one, many = "a string", "strings"
	case t.Kind() == reflect.Bool:
		one, many = "true or false", "true or false values"
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Float64:
		one, many = "a number", "numbers"
	case t.Kind() == reflect.Pointer:
		return kindName(t.Elem(), plural)
	}
	if plural {
		return many
	}
	return one
}

// A cellDoc is one cell of the "grid" member.
type cellDoc struct {
	Value  text            `json:"value"`
	Given  bool            `json:"given"`
	Region json.RawMessage `json:"region"`
}

// A cellOut is one cell of the grid Encode writes.
type cellOut struct {
	Value  int  `json:"value,omitempty"`
	Given  bool `json:"given,omitempty"`
	Region *int `json:"region,omitempty"`
}

// A documentOut is the f-puzzles JSON Encode writes, members in f-puzzles'
// own order where it has one.
type documentOut struct {
	Size           int         `json:"size"`
	Title          string      `json:"title,omitempty"`
	Author         string      `json:"author,omitempty"`
	Ruleset        string      `json:"ruleset,omitempty"`
	Grid           [][]cellOut `json:"grid"`
	DiagonalPlus   bool        `json:"diagonal+,omitempty"`
	DiagonalMinus  bool        `json:"diagonal-,omitempty"`
	AntiKnight     bool        `json:"antiknight,omitempty"`
	AntiKing       bool        `json:"antiking,omitempty"`
	NonConsecutive bool        `json:"nonconsecutive,omitempty"`
	DisjointGroups bool        `json:"disjointgroups,omitempty"`
	Negative       []string    `json:"negative,omitempty"`
	ExtraRegion    []part      `json:"extraregion,omitempty"`
	Odd            []part      `json:"odd,omitempty"`
	Even           []part      `json:"even,omitempty"`
	XV             []part      `json:"xv,omitempty"`
	Difference     []part      `json:"difference,omitempty"`
	Ratio          []part      `json:"ratio,omitempty"`
	Thermometer    []part      `json:"thermometer,omitempty"`
	Palindrome     []part      `json:"palindrome,omitempty"`
	Renban         []part      `json:"renban,omitempty"`
	Whispers       []part      `json:"whispers,omitempty"`
	Solution       []int       `json:"solution,omitempty"`
}

// ref writes cell c as an f-puzzles reference, "R1C1" for the top-left.
func ref(c sudoku.Cell) string {
	return "R" + strconv.Itoa(c.Row+1) + "C" + strconv.Itoa(c.Col+1)
}

// parseRef reads an f-puzzles cell reference "R{row}C{col}", counted from 1,
// for a grid of side n.
func parseRef(s string, n int) (sudoku.Cell, bool) {
	rest, ok := strings.CutPrefix(s, "R")
	if !ok {
		return sudoku.Cell{}, false
	}
	rs, cs, ok := strings.Cut(rest, "C")
	if !ok {
		return sudoku.Cell{}, false
	}
	r, ok1 := smallInt(rs)
	c, ok2 := smallInt(cs)
	if !ok1 || !ok2 || r < 1 || r > n || c < 1 || c > n {
		return sudoku.Cell{}, false
	}
	return sudoku.Cell{Row: r - 1, Col: c - 1}, true
}

// smallInt reads 1 to 3 decimal digits.
func smallInt(s string) (int, bool) {
	if len(s) == 0 || len(s) > 3 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// isEmpty reports whether a JSON member holds nothing: null, false, an empty
// list, object or string, or zero. Constraint keys that hold nothing are
// ignored, as f-puzzles writes "xv": [] for a negative XV puzzle.
func isEmpty(raw json.RawMessage) bool {
	switch strings.Join(strings.Fields(string(raw)), "") {
	case "", "null", "false", "[]", "{}", `""`, "0":
		return true
	}
	return false
}

// jsonMarshal writes v as compact JSON, leaving <, > and & as they are in
// titles and rules.
func jsonMarshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(buf.Bytes()), nil
}
