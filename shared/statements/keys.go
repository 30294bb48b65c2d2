package statements

import (
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

// Keys lists the dictionary keys of a statement in dictionary order.
func Keys(s Statement) []string { return keysOf[s] }

// AllKeys lists the 39 keys of a year in dictionary order.
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

// Get returns the value of k; an unknown key reads as 0.
func (y Year) Get(k Key) float64 {
	idx, ok := fieldIndex[k]
	if !ok {
		return 0
	}
	return reflect.ValueOf(y).FieldByIndex(idx).Float()
}

// Set stores v under k; it reports false for an unknown key.
func (y *Year) Set(k Key, v float64) bool {
	idx, ok := fieldIndex[k]
	if ok {
		reflect.ValueOf(y).Elem().FieldByIndex(idx).SetFloat(v)
	}
	return ok
}
