package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Schema is the subset of JSON Schema that Vertex AI accepts as
// responseJsonSchema and that Go types can express.
type Schema struct {
	// Type is "string", "number", "integer", "boolean", "array" or "object".
	Type string `json:"-"`
	// Nullable adds "null" to the type; it comes from a Go pointer.
	Nullable    bool     `json:"-"`
	Description string   `json:"description,omitempty"`
	Enum        []string `json:"enum,omitempty"`
	Items       *Schema  `json:"items,omitempty"`
	// Properties, their order and the required ones come from struct fields.
	Properties map[string]*Schema `json:"properties,omitempty"`
	// PropertyOrdering keeps the Go field order, which JSON objects lose:
	// the model writes the fields in that order.
	PropertyOrdering []string `json:"propertyOrdering,omitempty"`
	Required         []string `json:"required,omitempty"`
	// AdditionalProperties describes the values of a Go map.
	AdditionalProperties *Schema `json:"additionalProperties,omitempty"`
}

// MarshalJSON writes a nullable type as ["t", "null"], the JSON Schema form.
func (s *Schema) MarshalJSON() ([]byte, error) {
	type fields Schema
	var typ any = s.Type
	if s.Nullable {
		typ = []string{s.Type, "null"}
	}
	return json.Marshal(struct {
		Type any `json:"type"`
		*fields
	}{typ, (*fields)(s)})
}

// SchemaFor derives the schema of the value out points to. Field names come
// from json tags; a field without omitempty is required; a pointer is
// nullable; tag desc:"…" gives the description and enum:"a,b" the allowed
// strings (for a slice, of its elements); tag schema:"-" keeps a field the
// code sets, stored but never asked of the model, out of the schema.
func SchemaFor(out any) (*Schema, error) {
	t := reflect.TypeOf(out)
	if t == nil || t.Kind() != reflect.Pointer {
		return nil, fmt.Errorf("schema: out must be a non-nil pointer, got %T", out)
	}
	s, err := schemaOf(t.Elem(), map[reflect.Type]bool{})
	if err != nil {
		return nil, fmt.Errorf("schema of %s: %w", t.Elem(), err)
	}
	return s, nil
}

// schemaOf derives t's schema; visiting holds the structs being derived so a
// recursive type is refused rather than expanded forever.
func schemaOf(t reflect.Type, visiting map[reflect.Type]bool) (*Schema, error) {
	switch t.Kind() {
	case reflect.Pointer:
		s, err := schemaOf(t.Elem(), visiting)
		if err != nil {
			return nil, err
		}
		s.Nullable = true
		return s, nil
	case reflect.String:
		return &Schema{Type: "string"}, nil
	case reflect.Bool:
		return &Schema{Type: "boolean"}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &Schema{Type: "integer"}, nil
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: "number"}, nil
	case reflect.Slice:
		items, err := schemaOf(t.Elem(), visiting)
		if err != nil {
			return nil, err
		}
		return &Schema{Type: "array", Items: items}, nil
	case reflect.Map:
		switch t.Key().Kind() {
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		default:
			return nil, fmt.Errorf("map key %s: only string and integer keys fit a JSON object", t.Key())
		}
		values, err := schemaOf(t.Elem(), visiting)
		if err != nil {
			return nil, err
		}
		return &Schema{Type: "object", AdditionalProperties: values}, nil
	case reflect.Struct:
		if visiting[t] {
			return nil, fmt.Errorf("recursive type %s is not supported", t)
		}
		visiting[t] = true
		defer delete(visiting, t)
		s := &Schema{Type: "object", Properties: map[string]*Schema{}}
		if err := addFields(s, t, visiting); err != nil {
			return nil, err
		}
		return s, nil
	default:
		return nil, fmt.Errorf("kind %s has no JSON schema", t.Kind())
	}
}

// addFields adds t's exported fields to s, flattening embedded structs as
// encoding/json does.
func addFields(s *Schema, t reflect.Type, visiting map[reflect.Type]bool) error {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || f.Tag.Get("schema") == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			if f.Type.Kind() != reflect.Struct {
				return fmt.Errorf("embedded field %s: only embedded structs are supported", f.Name)
			}
			if err := addFields(s, f.Type, visiting); err != nil {
				return err
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		// encoding/json would let the shallower field win; refusing keeps
		// the schema the model sees unambiguous.
		if _, dup := s.Properties[name]; dup {
			return fmt.Errorf("field %s: JSON name %q used twice", f.Name, name)
		}
		if strings.Contains(","+opts+",", ",string,") {
			return fmt.Errorf("field %s: the json string option is not supported", f.Name)
		}
		fs, err := schemaOf(f.Type, visiting)
		if err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
		fs.Description = f.Tag.Get("desc")
		if enum, ok := f.Tag.Lookup("enum"); ok {
			if err := setEnum(fs, enum); err != nil {
				return fmt.Errorf("field %s: %w", f.Name, err)
			}
		}
		s.Properties[name] = fs
		s.PropertyOrdering = append(s.PropertyOrdering, name)
		if !strings.Contains(","+opts+",", ",omitempty,") {
			s.Required = append(s.Required, name)
		}
	}
	return nil
}

// setEnum puts the allowed values on the string schema s holds, directly or
// as array items.
func setEnum(s *Schema, list string) error {
	for s.Type == "array" {
		s = s.Items
	}
	if s.Type != "string" {
		return fmt.Errorf("enum on a %s: only strings can be enumerated", s.Type)
	}
	for v := range strings.SplitSeq(list, ",") {
		if v = strings.TrimSpace(v); v == "" {
			return errors.New("enum has an empty value")
		}
		s.Enum = append(s.Enum, v)
	}
	return nil
}
