package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// FileNames are the names Find looks for, in this order.
var FileNames = []string{".idemlint.yml", ".idemlint.yaml"}

// File is idemlint's configuration: the .idemlint.yml file of the command
// and the go vet tool, and the settings of the golangci-lint plugin.
//
//	enable: [uuidinretry, ctxcancel]   # only these run (default: all)
//	disable: [httpintx]                # these do not run
//	settings:                          # per analyzer: its Analyzer.Flags flags
//	  uuidinretry:
//	    generators: [example.com/ids.New, example.com/ids.Gen.Next]
//	exclude: [internal/legacy/**, "*_gen.go"]   # findings in these files are dropped
//	facts-from: [github.com/acme/kit/...]       # other modules whose helpers count
//
// A setting is exactly one of the analyzer's flags (-uuidinretry.generators
// on the command line); a list is joined with commas. Apply checks the
// names against the analyzers.
type File struct {
	Enable   []string                    `yaml:"enable" json:"enable"`
	Disable  []string                    `yaml:"disable" json:"disable"`
	Settings map[string]map[string]Value `yaml:"settings" json:"settings"`
	Exclude  []string                    `yaml:"exclude" json:"exclude"`
	// FactsFrom names packages of other modules (import-path patterns,
	// "github.com/acme/kit/...") whose helpers count like the module's own:
	// the -facts-from flag's setting.
	FactsFrom []string `yaml:"facts-from" json:"facts-from"`

	path  string         // the file it was read from ("" for plugin settings)
	dir   string         // base of relative exclude patterns ("" = working directory)
	lines map[string]int // key path ("settings.uuidinretry.generators") → line in path
}

// topKeys are the valid top-level keys, for error messages.
const topKeys = "enable, disable, settings, exclude, facts-from"

// Value is the value of one setting: a scalar (string, number or boolean,
// kept as written) or a list of scalars.
type Value struct {
	Items []string
	List  bool
}

// String returns the value in its flag form: list items joined with commas.
func (v Value) String() string { return strings.Join(v.Items, ",") }

// UnmarshalYAML accepts a scalar or a sequence of scalars.
func (v *Value) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return fmt.Errorf("line %d: a setting needs a value", n.Line)
		}
		*v = Value{Items: []string{n.Value}}
		return nil
	case yaml.SequenceNode:
		out := Value{List: true}
		for _, item := range n.Content {
			if item.Kind != yaml.ScalarNode || item.Tag == "!!null" {
				return fmt.Errorf("line %d: a list item must be a string, number or boolean", item.Line)
			}
			out.Items = append(out.Items, item.Value)
		}
		*v = out
		return nil
	}
	return fmt.Errorf("line %d: a setting must be a string, number, boolean or a list of them", n.Line)
}

// UnmarshalJSON accepts a scalar or an array of scalars (golangci-lint hands
// its settings to plugins as JSON).
func (v *Value) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		var raw []json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			return err
		}
		out := Value{List: true}
		for _, r := range raw {
			s, err := jsonScalar(r)
			if err != nil {
				return fmt.Errorf("a list item must be a string, number or boolean, not %s", r)
			}
			out.Items = append(out.Items, s)
		}
		*v = out
		return nil
	}
	s, err := jsonScalar(data)
	if err != nil {
		return fmt.Errorf("a setting must be a string, number, boolean or a list of them, not %s", data)
	}
	*v = Value{Items: []string{s}}
	return nil
}

func jsonScalar(data []byte) (string, error) {
	data = bytes.TrimSpace(data)
	switch {
	case len(data) == 0:
		return "", errors.New("empty")
	case data[0] == '"':
		var s string
		err := json.Unmarshal(data, &s)
		return s, err
	case data[0] == '{' || data[0] == '[' || string(data) == "null":
		return "", errors.New("not a scalar")
	}
	return string(data), nil // number or boolean, as written
}

// MarshalJSON writes a list as an array and a scalar as a string.
func (v Value) MarshalJSON() ([]byte, error) {
	if v.List {
		return json.Marshal(v.Items)
	}
	return json.Marshal(v.String())
}

// Find looks for .idemlint.yml (or .idemlint.yaml) in dir and its parents,
// up to the root of the file system. It returns "" and no error when there
// is none; two files side by side are an error.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		var found []string
		for _, name := range FileNames {
			p := filepath.Join(dir, name)
			st, err := os.Stat(p)
			switch {
			case err == nil && !st.IsDir():
				found = append(found, p)
			case err != nil && !errors.Is(err, fs.ErrNotExist):
				return "", err
			}
		}
		switch len(found) {
		case 1:
			return found[0], nil
		case 2:
			return "", fmt.Errorf("both %s and %s exist: keep one", found[0], found[1])
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads a configuration file. Relative exclude patterns are taken
// from the file's directory.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(data, path)
	if err != nil {
		return nil, err
	}
	f.dir = filepath.Dir(abs)
	return f, nil
}

// Parse decodes a configuration in YAML; name is used in error messages.
// Unknown keys are errors. Relative exclude patterns are taken from the
// working directory (Load takes them from the file's directory).
func Parse(data []byte, name string) (*File, error) {
	f := &File{path: name, lines: make(map[string]int)}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %v", name, cleanYAMLError(err))
	}
	if len(root.Content) == 0 { // empty file
		return f, nil
	}
	doc := root.Content[0]
	if doc.Kind == yaml.ScalarNode && doc.Tag == "!!null" { // "---" alone
		return f, nil
	}
	if doc.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: the configuration must be a mapping with the keys %s", name, doc.Line, topKeys)
	}
	if err := f.checkKeys(doc); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(f); err != nil {
		return nil, fmt.Errorf("%s: %v", name, cleanYAMLError(err))
	}
	if err := f.checkExclude(); err != nil {
		return nil, err
	}
	return f, nil
}

// checkKeys rejects unknown top-level keys with the list of valid ones and
// records the lines of the settings for later messages.
func (f *File) checkKeys(doc *yaml.Node) error {
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		f.lines[k.Value] = k.Line
		switch k.Value {
		case "enable", "disable", "exclude", "facts-from":
			if v.Kind != yaml.SequenceNode && !(v.Kind == yaml.ScalarNode && v.Tag == "!!null") {
				return fmt.Errorf("%s:%d: %s: want a list, e.g. %s: [name, ...]", f.path, k.Line, k.Value, k.Value)
			}
			for j, item := range v.Content {
				f.lines[fmt.Sprintf("%s[%d]", k.Value, j)] = item.Line
			}
		case "settings":
			if v.Kind != yaml.MappingNode && !(v.Kind == yaml.ScalarNode && v.Tag == "!!null") {
				return fmt.Errorf("%s:%d: settings: want a mapping from analyzer name to its settings", f.path, k.Line)
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				an, av := v.Content[j], v.Content[j+1]
				f.lines["settings."+an.Value] = an.Line
				if av.Kind != yaml.MappingNode {
					return fmt.Errorf("%s:%d: settings.%s: want a mapping from setting name to value", f.path, an.Line, an.Value)
				}
				for m := 0; m+1 < len(av.Content); m += 2 {
					sn, sv := av.Content[m], av.Content[m+1]
					f.lines["settings."+an.Value+"."+sn.Value] = sn.Line
					if sv.Kind == yaml.ScalarNode && sv.Tag == "!!null" {
						return fmt.Errorf("%s:%d: settings.%s.%s: a setting needs a value", f.path, sn.Line, an.Value, sn.Value)
					}
				}
			}
		default:
			return fmt.Errorf("%s:%d: unknown key %q; the valid keys are %s", f.path, k.Line, k.Value, topKeys)
		}
	}
	return nil
}

// where prefixes a message about key with the file and line it came from.
func (f *File) where(key string) string {
	switch {
	case f.path == "":
		return "idemlint settings: " + key
	case f.lines[key] > 0:
		return fmt.Sprintf("%s:%d: %s", f.path, f.lines[key], key)
	}
	return f.path + ": " + key
}

// Path returns the file the configuration was read from, or "".
func (f *File) Path() string { return f.path }

func cleanYAMLError(err error) string {
	return strings.TrimPrefix(err.Error(), "yaml: ")
}
