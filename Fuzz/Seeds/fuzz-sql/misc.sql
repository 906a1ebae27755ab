WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c;
SELECT json_extract(?1, "$.a"), printf("%s", ?2);
