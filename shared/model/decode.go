package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Decode checks answer against s and decodes it into out, which must point
// to the type s was derived from. out is left untouched unless the whole
// answer fits. The error lists every violation, in French, because it is
// sent back to the model as a correction.
func (s *Schema) Decode(answer []byte, out any) error {
	dec := json.NewDecoder(bytes.NewReader(answer))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("JSON illisible : %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("JSON illisible : du texte suit la valeur JSON")
	}
	var problems []string
	s.check("$", v, &problems)
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, " ; "))
	}
	// A fresh value, so that nothing from a rejected answer survives.
	fresh := reflect.New(reflect.TypeOf(out).Elem())
	if err := json.Unmarshal(answer, fresh.Interface()); err != nil {
		return fmt.Errorf("JSON non conforme aux types attendus : %w", err)
	}
	reflect.ValueOf(out).Elem().Set(fresh.Elem())
	return nil
}

// check appends to problems every way v, found at path, violates s.
func (s *Schema) check(path string, v any, problems *[]string) {
	if v == nil {
		if !s.Nullable {
			*problems = append(*problems, fmt.Sprintf("%s : null interdit, type attendu %s", path, frenchTypes[s.Type]))
		}
		return
	}
	if got := jsonType(v); got != s.Type && (s.Type != "number" || got != "integer") {
		*problems = append(*problems, fmt.Sprintf("%s : type attendu %s, reçu %s", path, frenchTypes[s.Type], frenchTypes[got]))
		return
	}
	switch v := v.(type) {
	case string:
		if len(s.Enum) > 0 && !slices.Contains(s.Enum, v) {
			*problems = append(*problems, fmt.Sprintf("%s : %q n'est pas une valeur permise (%s)", path, v, strings.Join(s.Enum, ", ")))
		}
	case []any:
		for i, item := range v {
			s.Items.check(fmt.Sprintf("%s[%d]", path, i), item, problems)
		}
	case map[string]any:
		for _, name := range s.Required {
			if _, ok := v[name]; !ok {
				*problems = append(*problems, fmt.Sprintf("%s.%s : champ obligatoire absent", path, name))
			}
		}
		for _, name := range s.PropertyOrdering {
			if value, ok := v[name]; ok {
				s.Properties[name].check(path+"."+name, value, problems)
			}
		}
		if s.AdditionalProperties != nil {
			for _, key := range slices.Sorted(maps.Keys(v)) {
				s.AdditionalProperties.check(fmt.Sprintf("%s[%q]", path, key), v[key], problems)
			}
		}
	}
}

// frenchTypes names JSON types in the corrections sent to the model.
var frenchTypes = map[string]string{
	"string":  "chaîne",
	"boolean": "booléen",
	"integer": "entier",
	"number":  "nombre",
	"array":   "tableau",
	"object":  "objet",
}

// jsonType names the JSON Schema type of a value decoded with UseNumber.
func jsonType(v any) string {
	switch v := v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		if _, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	default: // map[string]any, the only other type json.Decoder produces
		return "object"
	}
}
