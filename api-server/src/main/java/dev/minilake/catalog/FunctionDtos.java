package dev.minilake.catalog;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of functions, with the field names of the SDK's FunctionInfo / CreateFunction. */
public final class FunctionDtos {
    private FunctionDtos() {
    }

    public record FunctionParameterInfo(String name, String type_text, String type_name, String type_json,
                                        Integer type_precision, Integer type_scale, Integer position,
                                        String parameter_default, String parameter_mode, String parameter_type,
                                        String comment) {
    }

    public record FunctionParameterInfos(List<FunctionParameterInfo> parameters) {
    }

    /** Both the create payload (function_info) and the stored/returned shape. */
    public record FunctionInfo(String name, String catalog_name, String schema_name, String full_name,
                               FunctionParameterInfos input_params, String data_type, String full_data_type,
                               FunctionParameterInfos return_params, String routine_body, String routine_definition,
                               String parameter_style, Boolean is_deterministic, String sql_data_access,
                               Boolean is_null_call, String security_type, String specific_name,
                               String external_language, String comment, String properties, String sql_path,
                               String owner, String function_id, String metastore_id, Boolean browse_only,
                               Long created_at, String created_by, Long updated_at, String updated_by) implements UcStore.Keyed {
        @Override
        public String key() {
            return full_name;
        }
    }

    public record CreateFunctionRequest(FunctionInfo function_info) implements Validated {
        @Override
        public void validate() {
            if (function_info == null) throw ApiException.missingField("function_info");
            if (function_info.name() == null || function_info.name().isBlank()) throw ApiException.missingField("function_info.name");
            if (function_info.catalog_name() == null) throw ApiException.missingField("function_info.catalog_name");
            if (function_info.schema_name() == null) throw ApiException.missingField("function_info.schema_name");
            if (function_info.routine_definition() == null || function_info.routine_definition().isBlank()) {
                throw ApiException.missingField("function_info.routine_definition");
            }
        }
    }

    public record UpdateFunction(String owner) {
    }

    public record ListFunctionsResponse(List<FunctionInfo> functions, String next_page_token) {
    }
}
