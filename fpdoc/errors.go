package fpdoc

import (
	"errors"
	"fmt"
)

// Errors a Reader and the codecs report, wrapped with details. Package
// fpuzzles exports the same values as fpuzzles.ErrSyntax and
// fpuzzles.ErrUnsupported.
var (
	// ErrSyntax reports input that is not f-puzzles data: malformed JSON, a
	// bad cell reference, a member of the wrong kind.
	ErrSyntax = errors.New("fpuzzles: malformed puzzle")
	// ErrUnsupported reports valid data sudokit cannot use.
	ErrUnsupported = errors.New("fpuzzles: unsupported")
)

// Errorf returns an error wrapping ErrSyntax with the formatted details.
func Errorf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrSyntax}, args...)...)
}

// Unsupportedf returns an error wrapping ErrUnsupported with the formatted
// details.
func Unsupportedf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrUnsupported}, args...)...)
}
