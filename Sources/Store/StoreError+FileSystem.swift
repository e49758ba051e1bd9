import System

/// Runs a file operation of the store, reporting its failure as `StoreError.fileOperation`.
func fileOperation(_ body: () throws(FileSystemError) -> Void) throws(StoreError) {
    do {
        try body()
    } catch {
        throw StoreError.fileOperation(operation: error.operation, path: error.path, errno: error.errorNumber)
    }
}
