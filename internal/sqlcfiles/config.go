package sqlcfiles

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"go.yaml.in/yaml/v3"
)

// config is the part of a sqlc configuration this package reads: version
// 1 lists "packages", version 2 lists "sql"; both carry "queries".
type config struct {
	Version  string    `json:"version" yaml:"version"`
	Packages []section `json:"packages" yaml:"packages"`
	SQL      []section `json:"sql" yaml:"sql"`
}

type section struct {
	Queries paths `json:"queries" yaml:"queries"`
}

// paths is "queries": a single path or a list of paths.
type paths []string

func (p *paths) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*p = paths{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return fmt.Errorf("queries must be a path or a list of paths")
	}
	*p = many
	return nil
}

func (p *paths) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		*p = paths{n.Value}
		return nil
	case yaml.SequenceNode:
		var many []string
		if err := n.Decode(&many); err != nil {
			return err
		}
		*p = many
		return nil
	}
	return fmt.Errorf("line %d: queries must be a path or a list of paths", n.Line)
}

// parseConfig returns the "queries" entries of a sqlc configuration file.
func parseConfig(name string, data []byte) ([]string, error) {
	var cfg config
	var err error
	if filepath.Ext(name) == ".json" {
		err = json.Unmarshal(data, &cfg)
	} else {
		err = yaml.Unmarshal(data, &cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	switch cfg.Version {
	case "1", "2":
	case "":
		return nil, fmt.Errorf("%s: no version (sqlc configurations say version: \"1\" or \"2\")", name)
	default:
		return nil, fmt.Errorf("%s: unsupported sqlc configuration version %q", name, cfg.Version)
	}
	var out []string
	for _, s := range append(cfg.Packages, cfg.SQL...) {
		for _, q := range s.Queries {
			if q != "" {
				out = append(out, q)
			}
		}
	}
	return out, nil
}
