// Package labelled reads the manifest of the risk reader's labelled sets
// (testdata/signals/sets.txt): which file plays which role. make eval (by
// eval-signals --set), the CLI and the tests take the lists from it only.
package labelled

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The roles of a set.
const (
	Tuning     = "tuning"     // tuned and gated on, read as one
	Validation = "validation" // never tuned on: set the word model's threshold
	Blind      = "blind"      // written after the last change: measured once
	Real       = "real"       // written after real prose, held out: measured
	HeldOut    = "heldout"    // written after the last change, never tuned on: first contact
	// Boilerplate holds the standard paragraphs of auditors, accountants
	// and prospectuses, all non-risks: gated on no risk read from them.
	Boilerplate = "boilerplate"
)

// Manifest is the manifest's name in the sets' folder.
const Manifest = "sets.txt"

// Dir is the sets' folder, from the module root.
var Dir = filepath.Join("testdata", "signals")

// Entry is one line of the manifest.
type Entry struct {
	Role, File string
}

// Read reads the manifest of dir: one "role file" line each, # comments.
func Read(dir string) ([]Entry, error) {
	data, err := os.ReadFile(filepath.Join(dir, Manifest))
	if err != nil {
		return nil, fmt.Errorf("labelled sets: %w", err)
	}
	var out []Entry
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 || !known(f[0]) {
			return nil, fmt.Errorf("labelled sets: %s line %d: %q, want a role (%s) and a file", Manifest, n, line, strings.Join(Roles, ", "))
		}
		out = append(out, Entry{Role: f[0], File: f[1]})
	}
	return out, sc.Err()
}

// Roles are the roles a set may play.
var Roles = []string{Tuning, Validation, Blind, Real, HeldOut, Boilerplate}

func known(role string) bool { return slices.Contains(Roles, role) }

// Paths are the paths of the sets of role in dir, in the manifest's order.
func Paths(dir, role string) ([]string, error) {
	if !known(role) {
		return nil, fmt.Errorf("labelled sets: unknown role %q (%s)", role, strings.Join(Roles, ", "))
	}
	entries, err := Read(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.Role == role {
			out = append(out, filepath.Join(dir, e.File))
		}
	}
	return out, nil
}
