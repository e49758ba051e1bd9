/// One step of the schema, applied once per database and recorded under its id.
struct Migration: Sendable {
    /// The id recorded in `schema_migrations`; never change it once shipped.
    let id: String
    /// The statements that make the change; run in one transaction with the record.
    let sql: String
    /// What SQL cannot do, run after `sql` in the same transaction (rows rewritten in a new form).
    var finish: (@Sendable (Database) throws(StoreError) -> Void)? = nil
}
