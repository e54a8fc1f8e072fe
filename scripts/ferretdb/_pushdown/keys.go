// Compiled into FerretDB's SQLite backend (package sqlite) by the launcher's build, through
// `go build -overlay` (scripts/lib/ferretdb-overlay.mjs): the folder's leading underscore keeps it
// out of the launcher's own package.
//
// FerretDB 1.24 reads documents by key only for a filter that is {_id: key} alone; any other
// filter reads and decodes the whole collection, the compare-and-set of every guarded write
// ({_id, version}) and a read of many keys ({_id: {$in: keys}}) included: 47 ms for one write
// among 20,000 small documents. keyClause reads by key whatever else the filter asks: FerretDB's
// handler checks every condition of the filter on each document read (common.FilterIterator), so
// reading only the documents with those keys changes no answer, only what is read.

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
)

// maxKeysRead is the most keys one read asks for by key (a placeholder each; SQLite takes 32,766).
const maxKeysRead = 1000

// keyClause is the WHERE clause reading only the documents a filter's _id names: {_id: key} or
// {_id: {$in: [keys]}} with strings and ObjectIds as keys (the keys FerretDB's own lookup takes),
// whatever other conditions sit beside it. Empty when the filter names no such key (or names _id
// twice): every document is read, as FerretDB reads them.
func keyClause(filter *types.Document) (string, []any) {
	seen := 0
	for _, k := range filter.Keys() {
		if k == "_id" {
			seen++
		}
	}
	if seen != 1 {
		return "", nil
	}
	id, _ := filter.Get("_id")
	keys := []any{id}
	if in, ok := id.(*types.Document); ok {
		if in.Len() != 1 || in.Keys()[0] != "$in" {
			return "", nil
		}
		list, _ := in.Get("$in")
		values, ok := list.(*types.Array)
		if !ok || values.Len() == 0 || values.Len() > maxKeysRead {
			return "", nil
		}
		keys = keys[:0]
		for i := 0; i < values.Len(); i++ {
			v, _ := values.Get(i)
			keys = append(keys, v)
		}
	}
	args := make([]any, 0, len(keys))
	for _, key := range keys {
		switch key.(type) {
		case string, types.ObjectID:
			marshalled, err := sjson.MarshalSingleValue(key)
			if err != nil {
				return "", nil
			}
			args = append(args, string(marshalled))
		default:
			return "", nil
		}
	}
	if len(args) == 1 {
		return fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn), args
	}
	return fmt.Sprintf(` WHERE %s IN (?%s)`, metadata.IDColumn, strings.Repeat(", ?", len(args)-1)), args
}
