"""What a Databricks cluster's Python has as `dbruntime`, as far as databricks-sdk reads it: the user
namespace that `from databricks.sdk.runtime import dbutils, spark, display` takes its objects from.
In a MiniLake job task or command context these are MiniLake's own (minilake_dbutils)."""
import minilake_dbutils


class UserNamespaceInitializer:
    _instance = None

    @classmethod
    def getOrCreate(cls):
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def get_namespace_globals(self):
        ns = minilake_dbutils.NAMESPACE
        if "dbutils" not in ns:
            dbutils = minilake_dbutils.DBUtils()
            ns.update({"dbutils": dbutils, "spark": minilake_dbutils.spark_session(), "display": minilake_dbutils.display,
                       "displayHTML": minilake_dbutils.displayHTML, "getArgument": dbutils.widgets.get})
        return ns
