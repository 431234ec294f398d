-- A wrk script (bench/failure-report.ts): wrk's own report counts failed requests; this names them. Each thread
-- keeps the second (the clock's, os.time) and status of its first 200 answers of 400 or more; at the end the
-- socket errors by kind and the failed answers are printed after wrk's report.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  failures = {}
end

function response(status, headers, body)
  if status >= 400 and #failures < 200 then
    table.insert(failures, os.time() .. " " .. status)
  end
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("wrk failures: connect %d, read %d, write %d, timeout %d, status %d\n",
    errors.connect, errors.read, errors.write, errors.timeout, errors.status))
  for _, thread in ipairs(threads) do
    for _, failure in ipairs(thread:get("failures")) do
      io.write("wrk failed answer: " .. failure .. "\n")
    end
  end
end
