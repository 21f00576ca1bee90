package fpuzzles

import (
	"bytes"
	"encoding/json"

	"github.com/sudokit/sudokit/fpdoc"
)

// A cellDoc is one cell of the "grid" member.
type cellDoc struct {
	Value  fpdoc.Text      `json:"value"`
	Given  bool            `json:"given"`
	Region json.RawMessage `json:"region"`
	// GivenPencilMarks restrict a cell without a given to these values.
	GivenPencilMarks []json.RawMessage `json:"givenPencilMarks"`
}

// A cellOut is one cell of the grid Encode writes.
type cellOut struct {
	Value            int   `json:"value,omitempty"`
	Given            bool  `json:"given,omitempty"`
	Region           *int  `json:"region,omitempty"`
	GivenPencilMarks []int `json:"givenPencilMarks,omitempty"`
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
