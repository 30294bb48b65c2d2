package statements

import (
	"fmt"
	"reflect"
	"strings"
)

// Key names one field of the data dictionary.
type Key struct {
	Statement Statement
	Name      string
}

// String gives "bilan.total_actif", the form used in messages.
func (k Key) String() string { return string(k.Statement) + "." + k.Name }

// fieldIndex maps each key to its field in Year. It is read from the JSON
// tags so the dictionary keys have one source: the struct definitions.
var fieldIndex, keysOf = buildIndex()

func buildIndex() (map[Key][]int, map[Statement][]string) {
	index := map[Key][]int{}
	keys := map[Statement][]string{}
	yt := reflect.TypeFor[Year]()
	for i := range yt.NumField() {
		sf := yt.Field(i)
		s := Statement(jsonName(sf))
		for j := range sf.Type.NumField() {
			name := jsonName(sf.Type.Field(j))
			index[Key{s, name}] = []int{i, j}
			keys[s] = append(keys[s], name)
		}
	}
	return index, keys
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// optional are the six keys outside the 39 that real statements need for
// identities 1 to 4 to hold; absent, they count as 0 there.
var optional = map[Key]bool{
	{Income, "autres_produits_exploitation"}: true,
	{Income, "autres_charges_exploitation"}:  true,
	{Income, "charges_fonctionnelles"}:       true,
	{Income, "autres_elements_resultat"}:     true,
	{Balance, "autres_actifs"}:               true,
	{Balance, "autres_passifs"}:              true,
}

// ParseKey reads the form String writes ("bilan.total_actif").
func ParseKey(s string) (Key, bool) {
	st, name, _ := strings.Cut(s, ".")
	k := Key{Statement(st), name}
	return k, Known(k)
}

// Optional reports whether k is one of the six optional keys.
func Optional(k Key) bool { return optional[k] }

// Keys lists the dictionary keys of a statement in dictionary order,
// optional ones included.
func Keys(s Statement) []string { return keysOf[s] }

// AllKeys lists the keys of a year in dictionary order: the 39 fields and
// the 6 optional ones.
func AllKeys() []Key {
	var out []Key
	for _, s := range All {
		for _, name := range keysOf[s] {
			out = append(out, Key{s, name})
		}
	}
	return out
}

// Known reports whether k is a key of the dictionary.
func Known(k Key) bool {
	_, ok := fieldIndex[k]
	return ok
}

// Get returns the value of k and whether it was printed; an unknown or
// absent key gives (0, false).
func (y Year) Get(k Key) (float64, bool) {
	idx, ok := fieldIndex[k]
	if !ok {
		return 0, false
	}
	p := reflect.ValueOf(y).FieldByIndex(idx).Interface().(*float64)
	if p == nil {
		return 0, false
	}
	return *p, true
}

// Set stores v under k; it reports false for an unknown key.
func (y *Year) Set(k Key, v float64) bool {
	idx, ok := fieldIndex[k]
	if ok {
		reflect.ValueOf(y).Elem().FieldByIndex(idx).Set(reflect.ValueOf(&v))
	}
	return ok
}

// Clear makes k absent.
func (y *Year) Clear(k Key) {
	if idx, ok := fieldIndex[k]; ok {
		f := reflect.ValueOf(y).Elem().FieldByIndex(idx)
		f.Set(reflect.Zero(f.Type()))
	}
}

// Count is how many keys of the year were printed.
func (y Year) Count() int {
	n := 0
	for _, k := range AllKeys() {
		if _, ok := y.Get(k); ok {
			n++
		}
	}
	return n
}

// Amount is a printed amount, for building a Year by hand.
func Amount(v float64) *float64 { return &v }

// FieldRef is one field of one year: what a fact is computed from.
type FieldRef struct {
	Year int
	Key  Key
}

// String gives "2025 bilan.total_actif".
func (f FieldRef) String() string { return fmt.Sprintf("%d %s", f.Year, f.Key) }
