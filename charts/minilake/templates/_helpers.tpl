{{- define "minilake.fullname" -}}
{{- printf "%s" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- define "minilake.labels" -}}
app.kubernetes.io/name: minilake
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}
{{/* The prefix of the Service's environment variables in pods (FULLNAME_SERVICE_HOST), as Kubernetes spells it */}}
{{- define "minilake.serviceEnvPrefix" -}}
{{- include "minilake.fullname" . | upper | replace "-" "_" -}}
{{- end -}}
