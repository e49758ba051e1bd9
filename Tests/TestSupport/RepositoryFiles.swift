/// Paths of the project's own files (seed.sql, docs), found from this source file's location.
public enum RepositoryFiles {
    /// The repository's top-level folder.
    public static var root: String {
        let file = #filePath
        var components = file.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Tests/TestSupport/RepositoryFiles.swift
        return components.joined(separator: "/")
    }

    /// The seed the server creates its database from.
    public static var seed: String { root + "/seed.sql" }
    /// The OpenAPI document.
    public static var openAPI: String { root + "/docs/openapi.yaml" }
    /// The Swagger Petstore 3 document, the import tests' third-party fixture.
    public static var petstore: String { root + "/Tests/MockingTests/Fixtures/petstore3.json" }
}
