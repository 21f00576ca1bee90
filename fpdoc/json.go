package fpdoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// A Part is one element of a constraint list: f-puzzles gives every
// constraint the same shape, a list of objects with some of these members.
type Part struct {
	Cell  string     `json:"cell,omitempty"`
	Cells []string   `json:"cells,omitempty"`
	Lines [][]string `json:"lines,omitempty"`
	Value Text       `json:"value,omitempty"`
	// Direction is a little killer clue's direction ("UL", "UR", "DL",
	// "DR").
	Direction string `json:"direction,omitempty"`
	// CloneCells are the cells a clone's Cells copy, in order.
	CloneCells []string `json:"cloneCells,omitempty"`
	// Values are a quadruple's digits.
	Values []int `json:"values,omitempty"`
}

// A Text is a JSON member f-puzzles writes as a string but that some tools
// write as a number ("value": "3" or "value": 3). null is the empty text.
type Text string

// UnmarshalJSON accepts a string, a number or null.
func (t *Text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = Text(s)
		return nil
	}
	if string(b) == "null" {
		*t = ""
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return &json.UnmarshalTypeError{Value: jsonKind(b), Type: reflect.TypeOf(Text(""))}
	}
	*t = Text(n.String())
	return nil
}

// JSONError describes a JSON decoding error in words, for people who wrote
// the JSON rather than the Go types that read it: the member's path from
// at, the kind wanted and the kind found ("thermometer[0].lines: want a
// list of lists of cells, got a number").
func JSONError(at string, err error) string {
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
	case t == reflect.TypeOf(Text("")):
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

// IsEmpty reports whether a JSON member holds nothing: null, false, an empty
// list, object or string, or zero. Constraint keys that hold nothing are
// ignored, as f-puzzles writes "xv": [] for a negative XV puzzle.
func IsEmpty(raw json.RawMessage) bool {
	switch strings.Join(strings.Fields(string(raw)), "") {
	case "", "null", "false", "[]", "{}", `""`, "0":
		return true
	}
	return false
}
