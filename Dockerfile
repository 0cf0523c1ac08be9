# Multi-stage: Maven builds the jars, then a JRE image with Python runs them. One image serves as the
# api-server (default), the operator (`minilake-operator`) and the spark-runner (`minilake-spark-runner`).
# Nothing is downloaded at run time, so `docker run --network none -p 8000:8000 minilake` serves the
# whole API in single-node mode with local job execution.
# (Not buildable on the development machines, which have no Docker engine; see docs/kubernetes.md.)
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml .
COPY crd-model/pom.xml crd-model/
COPY api-server/pom.xml api-server/
COPY operator/pom.xml operator/
COPY spark-runner/pom.xml spark-runner/
COPY bench/pom.xml bench/
COPY minilake-junit/pom.xml minilake-junit/
COPY minilake-testcontainers/pom.xml minilake-testcontainers/
RUN mvn -B -q dependency:go-offline -DexcludeReactor=true || true
COPY . .
# the SQL workspace (ui/) is built by mvn package with the system's Node and npm: Vite needs Node 20.19+,
# so a base image whose distribution ships an older Node needs a newer nodejs package here
RUN apt-get update && apt-get install -y --no-install-recommends nodejs npm && rm -rf /var/lib/apt/lists/*
# every module's package copies its runtime jars into its target/lib
RUN mvn -B -q package -DskipTests

FROM eclipse-temurin:17-jre
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv \
 && rm -rf /var/lib/apt/lists/* \
 && python3 -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir pyspark-client databricks-sdk==0.167.0 jupyterlab==4.4.9
# the venv serves job tasks (pyspark-client, the SDK) and /jupyter (JupyterLab, started on first use)
ENV PATH=/opt/venv/bin:$PATH MINILAKE_PYTHON=/opt/venv/bin/python
# minilake.jar is a thin jar: its manifest names the dependencies in lib/ beside it
COPY --from=build /src/api-server/target/minilake.jar /opt/minilake/minilake.jar
COPY --from=build /src/api-server/target/lib /opt/minilake/lib
COPY --from=build /src/operator/target/minilake-operator.jar /opt/minilake/operator/operator.jar
COPY --from=build /src/operator/target/lib /opt/minilake/operator/lib
COPY --from=build /src/spark-runner/target/spark-runner.jar /opt/minilake/spark-runner/spark-runner.jar
COPY --from=build /src/spark-runner/target/lib /opt/minilake/spark-runner/lib
RUN printf '#!/bin/sh\nexec java -cp "/opt/minilake/operator/operator.jar:/opt/minilake/operator/lib/*" dev.minilake.operator.OperatorMain "$@"\n' > /usr/local/bin/minilake-operator \
 && printf '#!/bin/sh\nexec java -jar /opt/minilake/spark-runner/spark-runner.jar "$@"\n' > /usr/local/bin/minilake-spark-runner \
 && chmod +x /usr/local/bin/minilake-operator /usr/local/bin/minilake-spark-runner
EXPOSE 8000
VOLUME /data
# A class-data archive of the start-up, recorded by a training run that Spring stops right after
# the context refresh; the server maps it instead of loading ~7500 classes (-Xshare:auto ignores an
# unusable archive). bin/minilake does the same on a developer machine.
RUN java -XX:ArchiveClassesAtExit=/opt/minilake/minilake.jsa -Dspring.context.exit=onRefresh \
        -jar /opt/minilake/minilake.jar --port 0 --data-dir /tmp/cds-training \
 && rm -rf /tmp/cds-training
ENTRYPOINT ["java", "-XX:SharedArchiveFile=/opt/minilake/minilake.jsa", "-Xshare:auto", "-jar", "/opt/minilake/minilake.jar", "--host", "0.0.0.0", "--port", "8000", "--data-dir", "/data"]
