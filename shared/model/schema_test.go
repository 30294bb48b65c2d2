package model

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type period struct {
	Year  int    `json:"annee" desc:"Année de clôture"`
	Label string `json:"libelle,omitempty"`
}

type common struct {
	Source string `json:"source"`
}

type kitchenSink struct {
	common
	Text    string          `json:"texte" desc:"Citation exacte"`
	Flag    bool            `json:"drapeau"`
	Count   uint8           `json:"nombre"`
	Ratio   float32         `json:"ratio,omitempty"`
	Amount  *float64        `json:"montant" desc:"Montant ; entre parenthèses = négatif"`
	Levels  []string        `json:"niveaux" enum:"faible, moyen,eleve"`
	Period  *period         `json:"periode"`
	Periods []period        `json:"periodes"`
	ByYear  map[int]float64 `json:"par_annee"`
	Matrix  [][]int         `json:"matrice"`
	Status  string          `json:"statut" enum:"ok,ko"`
	NoTag   string          // no tag: the Go name is the JSON name
	Skipped string          `json:"-"`
	Set     string          `json:"pose_par_le_code" schema:"-"`
	//lint:ignore U1000 present only to prove unexported fields stay out of the schema
	internal string
	ByName   map[string]*period `json:"par_nom,omitempty"`
}

type recursive struct {
	Children []recursive `json:"enfants"`
}

func TestSchemaFor(t *testing.T) {
	t.Parallel()
	periodSchema := func() *Schema {
		return &Schema{
			Type: "object",
			Properties: map[string]*Schema{
				"annee":   {Type: "integer", Description: "Année de clôture"},
				"libelle": {Type: "string"},
			},
			PropertyOrdering: []string{"annee", "libelle"},
			Required:         []string{"annee"},
		}
	}
	nullablePeriod := periodSchema()
	nullablePeriod.Nullable = true
	nullableAnyPeriod := periodSchema()
	nullableAnyPeriod.Nullable = true

	tests := []struct {
		name    string
		out     any
		want    *Schema
		wantErr string
	}{
		{name: "string", out: new(string), want: &Schema{Type: "string"}},
		{name: "pointer to pointer is nullable", out: new(*int), want: &Schema{Type: "integer", Nullable: true}},
		{name: "slice at the top", out: new([]period), want: &Schema{Type: "array", Items: periodSchema()}},
		{
			name: "every supported shape",
			out:  &kitchenSink{},
			want: &Schema{
				Type: "object",
				Properties: map[string]*Schema{
					"source":    {Type: "string"},
					"texte":     {Type: "string", Description: "Citation exacte"},
					"drapeau":   {Type: "boolean"},
					"nombre":    {Type: "integer"},
					"ratio":     {Type: "number"},
					"montant":   {Type: "number", Nullable: true, Description: "Montant ; entre parenthèses = négatif"},
					"niveaux":   {Type: "array", Items: &Schema{Type: "string", Enum: []string{"faible", "moyen", "eleve"}}},
					"periode":   nullablePeriod,
					"periodes":  {Type: "array", Items: periodSchema()},
					"par_annee": {Type: "object", AdditionalProperties: &Schema{Type: "number"}},
					"matrice":   {Type: "array", Items: &Schema{Type: "array", Items: &Schema{Type: "integer"}}},
					"statut":    {Type: "string", Enum: []string{"ok", "ko"}},
					"NoTag":     {Type: "string"},
					"par_nom":   {Type: "object", AdditionalProperties: nullableAnyPeriod},
				},
				PropertyOrdering: []string{
					"source", "texte", "drapeau", "nombre", "ratio", "montant", "niveaux", "periode",
					"periodes", "par_annee", "matrice", "statut", "NoTag", "par_nom",
				},
				Required: []string{
					"source", "texte", "drapeau", "nombre", "montant", "niveaux", "periode",
					"periodes", "par_annee", "matrice", "statut", "NoTag",
				},
			},
		},
		{name: "not a pointer", out: period{}, wantErr: "schema: out must be a non-nil pointer, got model.period"},
		{name: "nil", out: nil, wantErr: "schema: out must be a non-nil pointer, got <nil>"},
		{name: "interface field", out: &struct{ V any }{}, wantErr: "schema of struct { V interface {} }: field V: kind interface has no JSON schema"},
		{name: "map with bool keys", out: new(map[bool]int), wantErr: "schema of map[bool]int: map key bool: only string and integer keys fit a JSON object"},
		{name: "recursive type", out: &recursive{}, wantErr: "schema of model.recursive: field Children: recursive type model.recursive is not supported"},
		{
			name: "enum on a number",
			out: &struct {
				N int `enum:"1,2"`
			}{},
			wantErr: "schema of struct { N int \"enum:\\\"1,2\\\"\" }: field N: enum on a integer: only strings can be enumerated",
		},
		{
			name: "enum with an empty value",
			out: &struct {
				S string `enum:"a,,b"`
			}{},
			wantErr: "schema of struct { S string \"enum:\\\"a,,b\\\"\" }: field S: enum has an empty value",
		},
		{
			name: "JSON name shadowed by an embedded field",
			out: &struct {
				common
				Source string `json:"source"`
			}{},
			wantErr: "schema of struct { model.common; Source string \"json:\\\"source\\\"\" }: field Source: JSON name \"source\" used twice",
		},
		{
			name: "string option",
			out: &struct {
				N int `json:"n,string"`
			}{},
			wantErr: "schema of struct { N int \"json:\\\"n,string\\\"\" }: field N: the json string option is not supported",
		},
		{
			name:    "embedded pointer",
			out:     &struct{ *common }{},
			wantErr: "schema of struct { *model.common }: embedded field common: only embedded structs are supported",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := SchemaFor(tt.out)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("SchemaFor: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("schema (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSchemaMarshalJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		schema *Schema
		want   string
	}{
		{name: "plain type", schema: &Schema{Type: "string", Description: "d"}, want: `{"type":"string","description":"d"}`},
		{name: "nullable type", schema: &Schema{Type: "number", Nullable: true}, want: `{"type":["number","null"]}`},
		{
			name:   "nested nullable items",
			schema: &Schema{Type: "array", Items: &Schema{Type: "string", Nullable: true, Enum: []string{"a"}}},
			want:   `{"type":"array","items":{"type":["string","null"],"enum":["a"]}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := json.Marshal(tt.schema)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestSchemaDecode(t *testing.T) {
	t.Parallel()
	previous := kitchenSink{Text: "ancien", Ratio: 9}
	tests := []struct {
		name    string
		answer  string
		want    kitchenSink
		wantErr string
	}{
		{
			name: "valid, integers accepted as numbers, optional fields absent",
			answer: `{"source":"p. 12","texte":"t","drapeau":true,"nombre":3,"montant":-56,"niveaux":["moyen"],` +
				`"periode":null,"periodes":[{"annee":2023}],"par_annee":{"2023":1.5},"matrice":[[1,2]],"statut":"ok","NoTag":"x"}`,
			want: kitchenSink{
				common: common{Source: "p. 12"}, Text: "t", Flag: true, Count: 3, Amount: ptr(-56.0),
				Levels: []string{"moyen"}, Periods: []period{{Year: 2023}}, ByYear: map[int]float64{2023: 1.5},
				Matrix: [][]int{{1, 2}}, Status: "ok", NoTag: "x",
			},
		},
		{name: "not JSON", answer: "Voici le JSON :", want: previous, wantErr: "JSON illisible : invalid character 'V' looking for beginning of value"},
		{name: "text after the value", answer: `{} merci`, want: previous, wantErr: "JSON illisible : du texte suit la valeur JSON"},
		{name: "truncated", answer: `{"texte":"t"`, want: previous, wantErr: "JSON illisible : unexpected EOF"},
		{
			name:    "every violation listed",
			answer:  `{"texte":null,"drapeau":"oui","nombre":2.5,"montant":"12","niveaux":["haut",null],"periode":{"libelle":"x"},"periodes":{},"par_annee":{"2023":"1"},"matrice":[[1.5]],"statut":"ok","NoTag":"x"}`,
			want:    previous,
			wantErr: `$.source : champ obligatoire absent ; $.texte : null interdit, type attendu chaîne ; $.drapeau : type attendu booléen, reçu chaîne ; $.nombre : type attendu entier, reçu nombre ; $.montant : type attendu nombre, reçu chaîne ; $.niveaux[0] : "haut" n'est pas une valeur permise (faible, moyen, eleve) ; $.niveaux[1] : null interdit, type attendu chaîne ; $.periode.annee : champ obligatoire absent ; $.periodes : type attendu tableau, reçu objet ; $.par_annee["2023"] : type attendu nombre, reçu chaîne ; $.matrice[0][0] : type attendu entier, reçu nombre`,
		},
		{
			name: "fits the schema but not the Go type",
			answer: `{"source":"s","texte":"t","drapeau":true,"nombre":300,"montant":null,"niveaux":[],` +
				`"periode":null,"periodes":[],"par_annee":{},"matrice":[],"statut":"ok","NoTag":"x"}`,
			want:    previous,
			wantErr: "JSON non conforme aux types attendus : json: cannot unmarshal number 300 into Go struct field kitchenSink.nombre of type uint8",
		},
	}
	schema, err := SchemaFor(&kitchenSink{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := previous
			err := schema.Decode([]byte(tt.answer), &got)
			if (err == nil) != (tt.wantErr == "") || (err != nil && err.Error() != tt.wantErr) {
				t.Errorf("error %v, want %q", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(kitchenSink{})); diff != "" {
				t.Errorf("decoded (-want +got):\n%s", diff)
			}
		})
	}
}
