# Multi-stage: Maven builds the jars, then a JRE image with Python runs them. One image serves as the
# api-server (default), the operator (`minilake-operator`) and the spark-runner (`minilake-spark-runner`).
# Nothing is downloaded at run time: `docker run -p 8000:8000 minilake` serves the whole API in
# single-node mode with local job execution (with `--network none` it runs the same, reachable only
# from inside the container, since that also removes the published port).
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
# every module's package copies its runtime jars into its target/lib; the job tasks' Python
# environment is prepared in the runtime stage instead, against the interpreter that runs it
RUN mvn -B -q package -DskipTests -Dminilake.taskenv.skip

FROM eclipse-temurin:17-jre
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv \
 && rm -rf /var/lib/apt/lists/*
# The job tasks' Python environment, made by the same script and pinned requirements as `mvn package`
# makes api-server/target/task-python: beside the jar, where the server looks for it (pyspark-client
# for Spark Connect, its dependencies, the SDK). Tasks, in this container or in the chart's job pods
# (the same image), run with /opt/minilake/task-python/bin/python.
COPY --from=build /src/api-server/task-python /opt/minilake/task-python-src
RUN python3 /opt/minilake/task-python-src/prepare.py /opt/minilake/task-python && rm -rf /root/.cache/pip
# /jupyter (JupyterLab, started on first use) runs from MINILAKE_PYTHON: the same pins plus JupyterLab
RUN python3 -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir -r /opt/minilake/task-python-src/requirements.txt jupyterlab==4.4.9
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
