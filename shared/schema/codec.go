package schema

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"

	"cloud.google.com/go/firestore"
)

// encode gives what Firestore stores for v. Firestore's own values stay
// as they are: text, booleans, integers, doubles, timestamps and lists of
// timestamps, so that the report's counters stay integers and its dates
// timestamps. Anything else goes through its JSON form, whose keys are the
// French keys of the data contract and whose numbers become doubles: how
// the stage documents have always been stored.
func encode(v any) (any, error) {
	switch v.(type) {
	case nil, string, bool, int, int64, float64, time.Time, []time.Time:
		return v, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Decode reads stored data (a document's, or a value in it) into out
// through out's JSON tags: the way back of every write, timestamps
// included.
func Decode(data, out any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

// fields are struct v's fields by their JSON keys, each encoded: how the
// report's parts are written, so that their own integers and timestamps
// stay Firestore's. A field tagged omitempty or omitzero is left out when
// empty or zero, as JSON leaves it out.
func fields(v any) (map[string]any, error) {
	rv := reflect.ValueOf(v)
	out := map[string]any{}
	for i := range rv.NumField() {
		f := rv.Type().Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		fv := rv.Field(i)
		if omitted(fv, opts) {
			continue
		}
		val, err := encode(fv.Interface())
		if err != nil {
			return nil, fmt.Errorf("%s : %w", name, err)
		}
		out[cmp.Or(name, f.Name)] = val
	}
	return out, nil
}

// omitted tells whether a field tagged with opts is left out.
func omitted(v reflect.Value, opts string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		switch o {
		case "omitzero":
			return v.IsZero()
		case "omitempty":
			switch v.Kind() {
			case reflect.Slice, reflect.Map, reflect.Array, reflect.String:
				return v.Len() == 0
			}
			return v.IsZero()
		}
	}
	return false
}

// set gives the updates writing each field of struct v at path.<its key>.
func set(path string, v any) ([]firestore.Update, error) {
	fs, err := fields(v)
	if err != nil {
		return nil, fmt.Errorf("%s : %w", path, err)
	}
	var ups []firestore.Update
	for _, k := range slices.Sorted(maps.Keys(fs)) {
		ups = append(ups, firestore.Update{Path: path + "." + k, Value: fs[k]})
	}
	return ups, nil
}
